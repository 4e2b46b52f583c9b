"""The site as an app on a phone: its manifest, its worker, where it opens, the forms kept
for offline, and signing out (the browser's side is in tests/phone/test_offline.py)."""

from __future__ import annotations

import re
from pathlib import Path

from django.urls import reverse

from scorer import engine
from scorer.phone.app import PAPER, PAPER_DARK

CSS = Path(__file__).resolve().parents[2] / "static" / "css" / "site.css"


def test_the_manifest_names_the_app_and_opens_within_its_scope(client, db):
    response = client.get(reverse("manifest"))
    app = response.json()
    assert response["Content-Type"] == "application/manifest+json"
    assert (app["name"], app["display"]) == ("Bridge scorer", "standalone")
    assert app["start_url"] == reverse("scorer:resume")
    assert app["start_url"].startswith(app["scope"])
    sizes = {(icon["sizes"], icon.get("purpose", "any")) for icon in app["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes


def test_the_apps_colours_are_the_pages_paper_light_and_dark(client, db):
    css = CSS.read_text()
    light, dark = re.findall(r"--paper: (#[0-9a-f]{6});", css)
    assert (light, dark) == (PAPER, PAPER_DARK)
    page = client.get(reverse("login")).content.decode()
    assert (
        f'<meta name="theme-color" content="{light}" media="(prefers-color-scheme: light)">' in page
    )
    assert (
        f'<meta name="theme-color" content="{dark}" media="(prefers-color-scheme: dark)">' in page
    )


def test_the_worker_is_never_cached_and_names_the_release(client, db, settings):
    settings.RELEASE = "1905.1"
    response = client.get(reverse("service_worker"))
    assert response["Content-Type"] == "text/javascript"
    assert response["Cache-Control"] == "no-cache"
    source = response.content.decode()
    assert source.startswith('const RELEASE = "1905.1";\n')
    assert '"/static/css/site.css"' in source


def test_a_release_drawn_from_the_files_changes_with_them(client, db, settings, tmp_path):
    settings.RELEASE = ""
    first = client.get(reverse("service_worker")).content.decode().splitlines()[0]
    assert re.fullmatch(r'const RELEASE = "[0-9a-f]{12}";', first)
    folder = tmp_path / "css"
    folder.mkdir()
    (folder / "site.css").write_text("/* the next release's */")
    settings.STATICFILES_DIRS = [tmp_path, *settings.STATICFILES_DIRS]
    assert client.get(reverse("service_worker")).content.decode().splitlines()[0] != first


def test_the_app_opens_on_the_rubber_a_member_is_playing(carr, rubber):
    assert carr.get(reverse("scorer:resume"))["Location"] == reverse(
        "scorer:rubber", args=[rubber.pk]
    )


def test_the_app_opens_on_the_list_for_a_member_not_playing(client, stranger, rubber):
    client.force_login(stranger.user)
    assert client.get(reverse("scorer:resume"))["Location"] == reverse("scorer:home")


def test_the_offline_forms_offer_each_makes_honours_as_the_engine_does(carr, rubber):
    page = carr.get(reverse("scorer:offline_forms", args=[rubber.pk])).content.decode()
    assert page.count('data-step="declaration"') == 1
    for trump in engine.Trump:
        for side in engine.SIDES:
            start = page.index(f'data-trump="{trump.value}" data-side="{side.value}"')
            form = page[start : page.index("</template>", start)]
            offered = re.findall(r'name="honours" value="([^"]+)"', form)
            assert offered == [call.code for call in engine.calls_on_offer(trump)]
            assert f"Tricks won by {side.label} (" in form


def test_the_offline_forms_are_for_those_who_record(client, stranger, rubber):
    client.force_login(stranger.user)
    assert client.get(reverse("scorer:offline_forms", args=[rubber.pk])).status_code == 403


def test_signing_out_tells_the_browser_to_clear_what_the_phone_kept(carr):
    response = carr.post(reverse("logout"))
    assert response.status_code == 302
    assert response["Clear-Site-Data"] == '"cache", "storage"'
    assert "no-store" in response["Cache-Control"]


def test_the_page_for_a_page_not_kept_names_nobody(carr):
    page = carr.get(reverse("scorer:offline_page")).content.decode()
    assert "Carr" not in page
    assert "csrfmiddlewaretoken" not in page


def test_the_table_page_says_offline_needs_javascript(carr, rubber):
    text = carr.get(reverse("scorer:rubber", args=[rubber.pk])).content.decode()
    assert "<noscript>" in text
    assert "Without JavaScript this page needs the network" in text


def test_a_whist_rubbers_offline_forms_are_the_games_own(carr, players):
    from scorer.rubbers import writes

    rubber = writes.start_rubber(
        table="Whist", members=players, first_dealer=0, user=players[0].user, game=engine.WHIST
    )
    page = carr.get(reverse("scorer:offline_forms", args=[rubber.pk])).content.decode()
    made = set(re.findall(r'data-step="result" data-trump="([^"]+)"', page))
    assert made == {trump.value for trump in engine.WHIST.laws.trumps}
    assert f"Save {engine.WHIST.words.declaration_name}" in page
