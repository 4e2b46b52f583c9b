from django.urls import path

from scorer import views

app_name = "scorer"
urlpatterns = [
    path("", views.home, name="home"),
    path("rubbers/new/", views.start_rubber, name="start"),
    path("rubbers/<int:pk>/", views.rubber, name="rubber"),
    path("rubbers/<int:pk>/live/", views.live, name="live"),
    path("rubbers/<int:pk>/declaration/", views.declaration, name="declaration"),
    path("rubbers/<int:pk>/result/", views.result, name="result"),
    path("rubbers/<int:pk>/discard/", views.discard, name="discard"),
    path("rubbers/<int:pk>/deals/<int:number>/", views.correction, name="correction"),
    path("rubbers/<int:pk>/deals/<int:number>/remove/", views.remove_deal, name="remove"),
    path("rubbers/<int:pk>/agree/", views.agree, name="agree"),
    path("rubbers/<int:pk>/print/", views.rubber_print, name="rubber_print"),
    path("print/", views.print_page, name="print"),
    path("print/pad/", views.pad_print, name="pad_print"),
    path("evening/", views.evening, name="evening"),
    path("rubbers/<int:pk>/withdraw/", views.withdraw, name="withdraw"),
]
