"""The rubber's addresses (in the app `scorer`'s namespace, scorer/urls.py): starting one,
its page and its poll, its deals' writes (the whole deal, or its declaration then its
result; discarding, undoing, accepting), the phone's choice between them, the hands of a
deal and its page, corrections and agreement."""

from __future__ import annotations

from django.urls import URLPattern, path

from scorer.rubbers.views import agreement, corrections, hands, rubber, starting

urlpatterns: list[URLPattern] = [
    path("rubbers/new/", starting.start_rubber, name="start"),
    path("rubbers/<id:pk>/", rubber.rubber, name="rubber"),
    path("rubbers/<id:pk>/live/", rubber.live, name="live"),
    path("rubbers/<id:pk>/declaration/", rubber.declaration, name="declaration"),
    path("rubbers/<id:pk>/result/", rubber.result, name="result"),
    path("rubbers/<id:pk>/deal/", rubber.deal, name="deal"),
    path("rubbers/<id:pk>/discard/", rubber.discard, name="discard"),
    path("rubbers/<id:pk>/undo/", rubber.undo, name="undo"),
    path("rubbers/<id:pk>/accept/", rubber.accept, name="accept"),
    path("rubbers/<id:pk>/steps/", rubber.steps, name="steps"),
    path("rubbers/<id:pk>/hands/", hands.hands, name="hands"),
    path("rubbers/<id:pk>/hands/send/", hands.send_hands, name="send_hands"),
    path("rubbers/<id:pk>/deals/<id:number>/", corrections.correction, name="correction"),
    path("rubbers/<id:pk>/deals/<id:number>/remove/", corrections.remove_deal, name="remove"),
    path("rubbers/<id:pk>/deals/<id:number>/cards/", hands.deal_cards, name="deal_cards"),
    path("rubbers/<id:pk>/agree/", agreement.agree, name="agree"),
    path("rubbers/<id:pk>/withdraw/", agreement.withdraw, name="withdraw"),
]
