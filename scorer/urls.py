from django.urls import path

from scorer import views

app_name = "scorer"
urlpatterns = [
    path("", views.home, name="home"),
    path("rubbers/new/", views.start_rubber, name="start"),
    path("rubbers/<id:pk>/", views.rubber, name="rubber"),
    path("rubbers/<id:pk>/live/", views.live, name="live"),
    path("rubbers/<id:pk>/declaration/", views.declaration, name="declaration"),
    path("rubbers/<id:pk>/result/", views.result, name="result"),
    path("rubbers/<id:pk>/discard/", views.discard, name="discard"),
    path("rubbers/<id:pk>/deals/<id:number>/", views.correction, name="correction"),
    path("rubbers/<id:pk>/deals/<id:number>/remove/", views.remove_deal, name="remove"),
    path("rubbers/<id:pk>/agree/", views.agree, name="agree"),
    path("rubbers/<id:pk>/print/", views.rubber_print, name="rubber_print"),
    path("print/", views.print_page, name="print"),
    path("print/pad/", views.pad_print, name="pad_print"),
    path("evening/", views.evening, name="evening"),
    path("rubbers/<id:pk>/withdraw/", views.withdraw, name="withdraw"),
]
