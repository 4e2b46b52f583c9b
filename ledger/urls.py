from django.urls import path

from ledger import views

app_name = "ledger"
urlpatterns = [
    path("", views.index, name="index"),
    path("me/", views.me, name="me"),
    path("members/<id:pk>/", views.member_statement, name="member"),
    path("house/", views.house, name="house"),
    path("table/", views.club_table, name="table"),
    path("stake/", views.set_stake, name="stake"),
    path("table-money/", views.set_table_charge, name="charge"),
    path("table-money/<id:pk>/waive/", views.waive, name="waive"),
    path("sittings/", views.open_sitting, name="open"),
    path("sittings/<id:pk>/", views.sitting, name="sitting"),
    path("sittings/<id:pk>/print/", views.sitting_print, name="sitting_print"),
    path("sittings/<id:pk>/close/", views.close_sitting, name="close"),
    path("payments/", views.record_payment, name="pay"),
    path("payments/<id:pk>/reverse/", views.reverse_payment, name="reverse"),
]
