"""Settings a player changes and expects to find again: colour theme, sound, volume, vibration, animation speed."""

from random import Random

from playwright.sync_api import Page, expect

from etoile.ui.runtime.sound_recipes import voices
from tests.e2e.conftest import open_app
from tests.e2e.support import body_luminance, hold_boot, page_errors, release_boot, saved_settings, wait_boot_held

DARK = 0.05  # the dark theme's background is far below this luminance
LIGHT = 0.6  # the light theme's background is far above it


VOICES_COUNTED = """
(() => {
  // Every voice a sound starts is counted in window.voices (its tones and its bursts of noise).
  window.voices = 0;
  for (const make of ["createOscillator", "createBufferSource"]) {
    const real = AudioContext.prototype[make];
    AudioContext.prototype[make] = function () {
      const node = real.call(this);
      const start = node.start.bind(node);
      node.start = (...args) => { window.voices += 1; return start(...args); };
      return node;
    };
  }
})();
"""


def css_speed(page: Page) -> str:
    return page.evaluate("() => getComputedStyle(document.documentElement).getPropertyValue('--speed').trim()")


def test_dark_theme_darkens_the_page_after_a_reload_too_and_system_theme_follows_the_system(page: Page, base_url: str) -> None:
    open_app(page, base_url, "#/settings")
    html = page.locator("html")
    expect(html).to_have_attribute("data-theme", "system")
    expect(page.get_by_role("radio", name="Same as the system")).to_be_checked()
    assert body_luminance(page) > LIGHT

    page.get_by_role("radio", name="Dark").check()
    expect(html).to_have_attribute("data-theme", "dark")
    assert body_luminance(page) < DARK
    assert page.evaluate("() => getComputedStyle(document.documentElement).colorScheme") == "dark"
    assert saved_settings(page)["theme"] == "dark"

    # After a reload the page is dark from the first paint, before Python is ready.
    hold_boot(page)
    page.reload(wait_until="domcontentloaded")
    wait_boot_held(page)
    expect(html).to_have_attribute("data-theme", "dark")
    assert body_luminance(page) < DARK
    release_boot(page)
    expect(html).to_have_attribute("data-theme", "dark")
    expect(page.get_by_role("radio", name="Dark")).to_be_checked()
    assert body_luminance(page) < DARK

    # "Same as the system" follows the system's colour scheme, live; a choice overrides it.
    page.emulate_media(color_scheme="dark")
    page.get_by_role("radio", name="Light").check()
    expect(html).to_have_attribute("data-theme", "light")
    assert body_luminance(page) > LIGHT
    assert saved_settings(page)["theme"] == "light"
    page.get_by_role("radio", name="Same as the system").check()
    expect(html).to_have_attribute("data-theme", "system")
    assert body_luminance(page) < DARK
    assert saved_settings(page)["theme"] == "system"
    page.emulate_media(color_scheme="light")
    page.wait_for_function("() => !matchMedia('(prefers-color-scheme: dark)').matches")
    assert body_luminance(page) > LIGHT

    # A dark system gives a dark page from the first paint of a load.
    page.emulate_media(color_scheme="dark")
    page.reload(wait_until="domcontentloaded")
    wait_boot_held(page)
    assert body_luminance(page) < DARK
    release_boot(page)
    expect(html).to_have_attribute("data-theme", "system")
    assert body_luminance(page) < DARK


def test_sound_switch_and_animation_speed_are_remembered(page: Page, base_url: str) -> None:
    errors = page_errors(page)
    open_app(page, base_url, "#/settings")
    html = page.locator("html")
    sound = page.get_by_role("switch", name="Sound effects")
    expect(sound).to_be_checked()
    expect(html).to_have_attribute("data-speed", "normal")
    expect(page.get_by_role("radio", name="Normal")).to_be_checked()
    assert css_speed(page) == "1"

    sound.uncheck()
    expect(sound).not_to_be_checked()
    assert saved_settings(page)["sound"] is False
    page.get_by_role("radio", name="Fast").check()
    expect(html).to_have_attribute("data-speed", "fast")
    assert css_speed(page) == "0.5"
    assert saved_settings(page)["speed"] == "fast"

    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    expect(sound).not_to_be_checked()
    expect(html).to_have_attribute("data-speed", "fast")
    expect(page.get_by_role("radio", name="Fast")).to_be_checked()
    assert css_speed(page) == "0.5"

    sound.check()  # plays the switch's click sound
    expect(sound).to_be_checked()
    assert saved_settings(page)["sound"] is True
    page.get_by_role("radio", name="Instant").check()
    expect(html).to_have_attribute("data-speed", "off")
    assert css_speed(page) == "0"
    page.get_by_role("radio", name="Slow").check()
    expect(html).to_have_attribute("data-speed", "slow")
    assert css_speed(page) == "2"

    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    expect(sound).to_be_checked()
    expect(html).to_have_attribute("data-speed", "slow")
    expect(page.get_by_role("radio", name="Slow")).to_be_checked()
    expect(page.locator(".notice")).to_have_count(0)
    assert errors == []


def test_the_volume_is_set_with_its_slider_heard_kept_and_rests_while_the_sound_is_off(page: Page, base_url: str) -> None:
    errors = page_errors(page)
    page.add_init_script(VOICES_COUNTED)
    open_app(page, base_url, "#/settings")
    volume = page.get_by_role("slider", name="Volume")
    shown = page.locator("output[for=volume]")
    expect(volume).to_have_value("70")
    expect(shown).to_have_text("70%")
    expect(volume).to_be_enabled()

    volume.focus()
    for _ in range(4):  # a step of 10 each
        page.keyboard.press("ArrowLeft")
    expect(shown).to_have_text("30%")
    expect(volume).to_have_value("30")
    expect(volume).to_have_attribute("aria-valuetext", "30%")
    assert saved_settings(page)["volume"] == 30
    # Each step was heard at its volume: the switch's click, four times (a sound plays in a task of its own, a
    # moment after the page is drawn: waited for).
    page.wait_for_function(f"() => window.voices === {4 * len(voices('toggle', Random(), 1.0))}")

    vibration = page.get_by_role("switch", name="Vibration")  # Chromium can vibrate
    expect(vibration).to_be_checked()
    vibration.uncheck()
    assert saved_settings(page)["vibrate"] is False

    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    expect(volume).to_have_value("30")
    expect(shown).to_have_text("30%")
    expect(vibration).not_to_be_checked()

    sound = page.get_by_role("switch", name="Sound effects")
    sound.uncheck()
    expect(volume).to_be_disabled()
    assert saved_settings(page)["volume"] == 30  # kept for when the sound comes back
    sound.check()
    expect(volume).to_be_enabled()
    expect(volume).to_have_value("30")
    expect(page.locator(".notice")).to_have_count(0)
    assert errors == []


def test_reduced_motion_stops_the_animations(page: Page, base_url: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    hold_boot(page)
    page.goto(base_url + "#/nowhere", wait_until="domcontentloaded")  # a route that waits for Python
    wait_boot_held(page)
    star = page.locator(".loading-star")
    expect(star).to_be_visible()
    expect(star).to_have_css("animation-name", "spin")
    expect(star).to_have_css("animation-duration", "0s")
    # The same spinner turns when the player does not ask for reduced motion.
    page.emulate_media(reduced_motion="no-preference")
    expect(star).to_have_css("animation-duration", "2.4s")
    page.emulate_media(reduced_motion="reduce")
    expect(star).to_have_css("animation-duration", "0s")

    release_boot(page)
    page.get_by_role("link", name="Settings").click()
    assert css_speed(page) == "0"
    expect(page.get_by_role("button", name="Export to a file")).to_have_css("transition-duration", "0s")


def test_reduced_motion_wins_over_a_chosen_animation_speed(page: Page, base_url: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    open_app(page, base_url, "#/settings")
    for label, value in (("Slow", "slow"), ("Fast", "fast")):
        page.get_by_role("radio", name=label).check()
        expect(page.locator("html")).to_have_attribute("data-speed", value)
        assert css_speed(page) == "0", f"--speed with {value} chosen and reduced motion"
