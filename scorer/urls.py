from django.urls import path

from scorer import views

app_name = "scorer"
urlpatterns = [
    path("", views.home, name="home"),
]
