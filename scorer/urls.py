"""The scorer's addresses. Each view is in scorer/views/, in the module of its page's
family: the address /rubbers/<pk>/ is `table.rubber`, /rubbers/<pk>/deals/<n>/ is
`corrections.correction`, and so on."""

from django.urls import include, path

from scorer.views import agreement, app, corrections, hand_records, printing, site, table, tables

app_name = "scorer"
urlpatterns = [
    path("", site.home, name="home"),
    path("rubbers/new/", table.start_rubber, name="start"),
    path("rubbers/<id:pk>/", table.rubber, name="rubber"),
    path("rubbers/<id:pk>/live/", table.live, name="live"),
    path("rubbers/<id:pk>/declaration/", table.declaration, name="declaration"),
    path("rubbers/<id:pk>/result/", table.result, name="result"),
    path("rubbers/<id:pk>/discard/", table.discard, name="discard"),
    path("rubbers/<id:pk>/deals/<id:number>/", corrections.correction, name="correction"),
    path("rubbers/<id:pk>/deals/<id:number>/remove/", corrections.remove_deal, name="remove"),
    path("rubbers/<id:pk>/agree/", agreement.agree, name="agree"),
    path("rubbers/<id:pk>/withdraw/", agreement.withdraw, name="withdraw"),
    path("rubbers/<id:pk>/print/", printing.rubber_print, name="rubber_print"),
    path("print/", printing.print_page, name="print"),
    path("print/pad/", printing.pad_print, name="pad_print"),
    path("print/hand-records/", include(hand_records.urlpatterns)),
    path("evening/", printing.evening, name="evening"),
    path("tables/", tables.evening, name="tables"),
    path("tables/new/", tables.form_table, name="form_table"),
    path("tables/noticeboard/revoke/", tables.revoke_noticeboard, name="noticeboard_revoke"),
    path("tables/<id:pk>/", tables.table, name="table"),
    path("tables/<id:pk>/claim/", tables.claim, name="table_claim"),
    path("tables/<id:pk>/withdraw/", tables.withdraw_claim, name="table_withdraw"),
    path("tables/<id:pk>/leave/", tables.leave, name="table_leave"),
    path("tables/<id:pk>/next/", tables.next_rubber, name="table_next"),
    path("tables/<id:pk>/depart/", tables.depart, name="table_depart"),
    path("tables/<id:pk>/substitute/", tables.substitute, name="table_substitute"),
    path("tables/<id:pk>/break-up/", tables.break_up, name="table_break_up"),
    path("tables/<id:pk>/revoke/", tables.revoke_follow, name="table_revoke"),
    path("follow/<str:token>/", tables.follow, name="follow"),
    path("noticeboard/<str:token>/", tables.noticeboard, name="noticeboard"),
    path("resume/", app.resume, name="resume"),
    path("rubbers/<id:pk>/offline/", app.offline_forms, name="offline_forms"),
    path("offline/", app.offline_page, name="offline_page"),
]
