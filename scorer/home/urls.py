"""The home page's address (in the app `scorer`'s namespace, scorer/urls.py)."""

from __future__ import annotations

from django.urls import URLPattern, path

from scorer.home import views

urlpatterns: list[URLPattern] = [path("", views.home, name="home")]
