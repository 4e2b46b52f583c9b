"""The reports' addresses (in the ledger's namespace, ledger/urls.py): the ledger's index,
a member's own statement and record, any member's, and the house's."""

from __future__ import annotations

from django.urls import URLPattern, path

from ledger.reports import views

urlpatterns: list[URLPattern] = [
    path("", views.index, name="index"),
    path("me/", views.me, name="me"),
    path("me/record/", views.my_record, name="my_record"),
    path("members/<id:pk>/", views.member_statement, name="member"),
    path("members/<id:pk>/record/", views.member_record, name="record"),
    path("house/", views.house, name="house"),
]
