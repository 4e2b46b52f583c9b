"""The Duplicate evening's addresses, under /duplicate/ (included by scorer/urls.py): an
evening at /duplicate/<pk>/, a table of one of its rounds at /duplicate/tables/<pk>/, a
board's result there at /duplicate/tables/<pk>/boards/<n>/, the noticeboard at
/duplicate/board/<token>/."""

from django.urls import path

from scorer.duplicate.views import documents, evening, following, results, table

app_name = "duplicate"
urlpatterns = [
    path("", evening.evenings, name="evenings"),
    path("new/", evening.open_evening, name="open"),
    path("<id:pk>/", evening.evening, name="evening"),
    path("<id:pk>/live/", following.evening_live, name="live"),
    path("<id:pk>/pairs/add/", evening.add_pair, name="add_pair"),
    path("<id:pk>/pairs/remove/", evening.remove_pair, name="remove_pair"),
    path("<id:pk>/start/", evening.start, name="start"),
    path("<id:pk>/hands/", evening.attach_hands, name="attach_hands"),
    path("<id:pk>/end/", evening.end, name="end"),
    path("<id:pk>/board/revoke/", evening.revoke_board, name="revoke_board"),
    path("<id:pk>/travellers/", results.travellers, name="travellers"),
    path("<id:pk>/boards/<id:number>/", results.board, name="board_page"),
    path("<id:pk>/ranking/", results.ranking, name="ranking"),
    path("<id:pk>/pairs/<id:pair>/", results.card, name="card"),
    path("<id:pk>/print/boards/", documents.boards_records, name="print_boards"),
    path("<id:pk>/print/curtain-cards/", documents.curtain_cards, name="print_curtain_cards"),
    path("<id:pk>/print/guide-cards/", documents.guide_cards, name="print_guide_cards"),
    path("<id:pk>/print/table-cards/", documents.table_cards, name="print_table_cards"),
    path("<id:pk>/print/results/", documents.results_pdf, name="print_results"),
    path("<id:pk>/print/hand-records/", documents.hand_records_pdf, name="print_hand_records"),
    path("<id:pk>/results.csv", documents.results_csv, name="results_csv"),
    path("<id:pk>/evening.pbn", documents.evening_pbn, name="evening_pbn"),
    path("<id:pk>/results.xml", documents.results_usebio, name="results_usebio"),
    path("tables/<id:pk>/", table.table, name="table"),
    path("tables/<id:pk>/live/", table.table_live, name="table_live"),
    path("tables/<id:pk>/boards/<id:board>/", table.board_form, name="board_form"),
    path("tables/<id:pk>/boards/<id:board>/record/", table.record, name="record"),
    path("tables/<id:pk>/boards/<id:board>/accept/", table.accept, name="accept"),
    path("tables/<id:pk>/boards/<id:board>/correct/", table.correct, name="correct"),
    path("board/<str:token>/", results.noticeboard, name="board"),
]
