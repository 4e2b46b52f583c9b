"""The evening's tables' addresses (in the app `scorer`'s namespace, scorer/urls.py): the
list and forming a table, a table's page and its writes, and the links that follow tables
without signing in."""

from __future__ import annotations

from django.urls import URLPattern, path

from scorer.tables import views

urlpatterns: list[URLPattern] = [
    path("tables/", views.evening, name="tables"),
    path("tables/new/", views.form_table, name="form_table"),
    path("tables/noticeboard/revoke/", views.revoke_noticeboard, name="noticeboard_revoke"),
    path("tables/<id:pk>/", views.table, name="table"),
    path("tables/<id:pk>/claim/", views.claim, name="table_claim"),
    path("tables/<id:pk>/withdraw/", views.withdraw_claim, name="table_withdraw"),
    path("tables/<id:pk>/leave/", views.leave, name="table_leave"),
    path("tables/<id:pk>/next/", views.next_rubber, name="table_next"),
    path("tables/<id:pk>/depart/", views.depart, name="table_depart"),
    path("tables/<id:pk>/substitute/", views.substitute, name="table_substitute"),
    path("tables/<id:pk>/break-up/", views.break_up, name="table_break_up"),
    path("tables/<id:pk>/revoke/", views.revoke_follow, name="table_revoke"),
    path("follow/<str:token>/", views.follow, name="follow"),
    path("noticeboard/<str:token>/", views.noticeboard, name="noticeboard"),
]
