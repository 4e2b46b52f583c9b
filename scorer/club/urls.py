"""The club's members, under /club/ (`scorer:club:`): the list with the form that adds one,
and a member's page."""

from django.urls import path

from scorer.club import views

app_name = "club"
urlpatterns = [
    path("members/", views.members, name="members"),
    path("members/<id:pk>/", views.member, name="member"),
]
