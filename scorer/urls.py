"""The scorer's addresses. Each view is in scorer/views/, in the module of its page's
family: the address /rubbers/<pk>/ is `table.rubber`, /rubbers/<pk>/deals/<n>/ is
`corrections.correction`, and so on."""

from django.urls import path

from scorer.views import agreement, app, corrections, printing, site, table

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
    path("evening/", printing.evening, name="evening"),
    path("resume/", app.resume, name="resume"),
    path("rubbers/<id:pk>/offline/", app.offline_forms, name="offline_forms"),
    path("offline/", app.offline_page, name="offline_page"),
]
