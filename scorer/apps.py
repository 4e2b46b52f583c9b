from django.apps import AppConfig


class ScorerConfig(AppConfig):
    name = "scorer"
    verbose_name = "Scoring"
