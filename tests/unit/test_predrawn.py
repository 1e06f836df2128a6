"""The screens drawn by the build before Python: every one the app can draw without storage, as the app draws it."""

from __future__ import annotations

from dataclasses import replace
from html.parser import HTMLParser

import pytest

from etoile.app.model import Model
from etoile.app.routes import GAMES, Route, href, parse
from etoile.saved.settings import Settings
from etoile.ui import predrawn, views
from etoile.ui.i18n import LANGUAGES
from etoile.ui.vdom import VOID, El, h, to_html
from tools.build import PREDRAWN, ROOT, page


class Tree(HTMLParser):
    """HTML text back into :class:`El` trees, as a browser's parser reads well-formed markup."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = El("root")
        self.open = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = El(tag, {name: value or "" for name, value in attrs})
        self.open[-1].children.append(element)
        if tag not in VOID:
            self.open.append(element)

    def handle_endtag(self, tag: str) -> None:
        assert self.open[-1].tag == tag, f"</{tag}> closes <{self.open[-1].tag}>"
        self.open.pop()

    def handle_data(self, data: str) -> None:
        children = self.open[-1].children
        if children and isinstance(children[-1], str):
            children[-1] += data
        else:
            children.append(data)


def parsed(text: str) -> list[El | str]:
    tree = Tree()
    tree.feed(text)
    tree.close()
    return tree.root.children


def as_parsed(node: El | str) -> El | str:
    """A tree as the parser gives it back: every attribute a string (``True`` is ``""``), its name in lower case
    (a browser's parser gives SVG's ``viewBox`` back its capital)."""
    if isinstance(node, str):
        return node
    attrs = {name.lower(): "" if value is True else str(value) for name, value in node.attrs.items()}
    return El(node.tag, attrs, [as_parsed(child) for child in node.children])


def test_html_text_escapes_a_hostile_name_in_text_and_attributes() -> None:
    name = '<img src=x onerror=alert(1)> "&'
    text = to_html(h("input", {"value": name, "placeholder": "Player 1"}, None)) + to_html(h("p", {}, name))
    assert "<img" not in text.replace("&lt;img", "")
    assert parsed(text) == [El("input", {"value": name, "placeholder": "Player 1"}), El("p", {}, [name])]


def test_text_after_text_is_one_node_and_empty_text_none_as_in_a_parsed_page() -> None:
    assert h("p", {}, "a", "", ["b", 3], None, False, "").children == ["ab3"]
    assert h("p", {}, "", "").children == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_screen_that_needs_no_storage_is_drawn_in_every_language(language: str) -> None:
    drawn = {(s.route, s.language) for s in predrawn.screens()}
    expected = {Route("home"), Route("settings")} | {Route(s, g) for g in GAMES for s in ("game", "setup", "rules")}
    assert {route for route, lang in drawn if lang == language} == expected


def test_each_screen_reads_back_as_the_tree_python_draws_for_a_model_with_nothing_saved() -> None:
    for screen in predrawn.screens():
        shown = Model(route=screen.route, browser_language=screen.language)
        assert parsed(to_html(screen.tree)) == [as_parsed(views.view(shown))], (screen.route, screen.language)
        assert screen.title == views.title(shown)


def test_a_games_own_route_is_its_setup_only_while_no_game_of_it_is_saved() -> None:
    unless = {s.route: s.unless for s in predrawn.screens() if s.language == "en"}
    assert unless[Route("game", "421")] == "etoile:match:421"
    assert unless[Route("setup", "421")] is None and unless[Route("rules", "generala")] is None


def test_the_page_carries_every_screen_keyed_by_language_and_route() -> None:
    served = page(list(predrawn.screens()))
    assert PREDRAWN not in served and PREDRAWN in (ROOT / "index.html").read_text(encoding="utf-8")
    assert served.count('<template data-lang="') == len(LANGUAGES) * len(predrawn.ROUTES)
    assert '<template data-lang="ru" data-route="rules/chinese-checkers" data-title="' in served
    assert '<template data-lang="fr" data-route="" data-title="Étoile">' in served
    assert "<script>etoileBoot.start();</script>" in served


def test_a_games_own_route_and_its_setup_form_share_one_file_which_holds_the_same_screen() -> None:
    drawn = list(predrawn.screens())
    files = predrawn.pages(drawn)
    assert len(files) == len(LANGUAGES) * (len(predrawn.ROUTES) - 1 - len(GAMES))  # home in the page, games shared
    for screen in drawn:
        if screen.route.screen == "game":
            setup = Route("setup", screen.route.game)
            assert predrawn.source(screen) == predrawn.source(replace(screen, route=setup))


def test_python_takes_over_only_the_screen_of_its_route_in_a_known_language() -> None:
    for route in predrawn.ROUTES:
        mark = f"ru:{predrawn.key(href(route))}"
        assert predrawn.taken_over(mark, route) == views.view(Model(route=route, browser_language="ru"))
    assert predrawn.taken_over("ru:settings", Route("home")) is None  # the hash moved on: draw from scratch
    assert predrawn.taken_over("xx:settings", Route("settings")) is None
    assert predrawn.taken_over("en:nowhere", parse("#/nowhere")) is None
    assert predrawn.taken_over(None, Route("home")) is None


def test_what_storage_changes_is_patched_in_the_screen_is_not_drawn_again() -> None:
    # A saved name: the home screen greets the player; the take-over adds that line to the pre-drawn tree.
    before = predrawn.taken_over("en:", Route("home"))
    after = views.view(Model(settings=Settings(name="Ann"), browser_language="en"))
    assert before is not None and before != after
    assert before.children[0] == after.children[0] and before.children[1] == after.children[1]  # skip link, header
