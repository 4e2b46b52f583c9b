"""The Progressive evening's addresses, under /progressive/ (included by scorer/urls.py):
an evening at /progressive/<pk>/, a table of one of its rounds at
/progressive/tables/<pk>/, the noticeboard at /progressive/board/<token>/."""

from django.urls import path

from scorer.progressive import views

app_name = "progressive"
urlpatterns = [
    path("", views.evenings, name="evenings"),
    path("new/", views.open_evening, name="open"),
    path("<id:pk>/", views.evening, name="evening"),
    path("<id:pk>/live/", views.evening_live, name="live"),
    path("<id:pk>/players/member/", views.add_member, name="add_member"),
    path("<id:pk>/players/guest/", views.add_guest, name="add_guest"),
    path("<id:pk>/players/remove/", views.remove_player, name="remove_player"),
    path("<id:pk>/draw/", views.draw, name="draw"),
    path("<id:pk>/next/", views.next_round, name="next"),
    path("<id:pk>/end/", views.end, name="end"),
    path("<id:pk>/results/", views.results, name="results"),
    path("<id:pk>/board/revoke/", views.revoke_board, name="revoke_board"),
    path("<id:pk>/print/tallies/", views.print_tallies, name="print_tallies"),
    path("<id:pk>/print/tables/", views.print_tables, name="print_tables"),
    path("<id:pk>/print/results/", views.print_results, name="print_results"),
    path("tables/<id:pk>/", views.table, name="table"),
    path("tables/<id:pk>/live/", views.table_live, name="table_live"),
    path("tables/<id:pk>/declaration/", views.declaration, name="declaration"),
    path("tables/<id:pk>/result/", views.result, name="result"),
    path("tables/<id:pk>/deal/", views.deal, name="deal"),
    path("tables/<id:pk>/undo/", views.undo, name="undo"),
    path("tables/<id:pk>/steps/", views.steps, name="steps"),
    path("tables/<id:pk>/discard/", views.discard, name="discard"),
    path("tables/<id:pk>/agree/", views.agree, name="agree"),
    path("tables/<id:pk>/withdraw/", views.withdraw, name="withdraw"),
    path("tables/<id:pk>/deals/<id:deal>/", views.correction, name="correction"),
    path("tables/<id:pk>/offline/", views.offline_forms, name="offline_forms"),
    path("board/<str:token>/", views.board, name="board"),
]
