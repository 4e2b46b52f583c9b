"""The app's addresses in the app `scorer`'s namespace (scorer/urls.py): where it opens,
the offline forms of a rubber, and the page for a page not kept. Its manifest and worker
are at the site's root (config/urls.py), so that the worker's scope is the whole site."""

from __future__ import annotations

from django.urls import URLPattern, path

from scorer.phone import views

urlpatterns: list[URLPattern] = [
    path("resume/", views.resume, name="resume"),
    path("rubbers/<id:pk>/offline/", views.offline_forms, name="offline_forms"),
    path("offline/", views.offline_page, name="offline_page"),
]
