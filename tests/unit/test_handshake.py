"""The handshake of a live table: a browser's session description kept to what differs, as a short text, and
written back into a description the browser accepts (tests/e2e/test_live.py connects two browsers with it)."""

from __future__ import annotations

import base64

import pytest
from hypothesis import given
from hypothesis import strategies as st

from etoile.sharing.handshake import (
    Candidate,
    Handshake,
    Unreadable,
    decode,
    encode,
    from_description,
    to_description,
)

CHROMIUM_OFFER = """v=0\r
o=- 3176966852652309164 2 IN IP4 127.0.0.1\r
s=-\r
t=0 0\r
a=group:BUNDLE 0\r
a=extmap-allow-mixed\r
a=msid-semantic: WMS\r
m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r
c=IN IP4 0.0.0.0\r
a=candidate:1945802119 1 udp 2113937151 99209743-f52e-427c-8ac7-0f6e1fb3f542.local 44024 typ host generation 0 network-cost 999\r
a=candidate:3212923142 1 tcp 1518280447 99209743-f52e-427c-8ac7-0f6e1fb3f542.local 9 typ host tcptype active generation 0\r
a=candidate:1945802120 1 udp 2113939711 10.77.0.1 44025 typ host generation 0 network-cost 999\r
a=ice-ufrag:vIy8\r
a=ice-pwd:jihmSDm0IUYX6Fzdim8qEpK2\r
a=ice-options:trickle\r
a=fingerprint:sha-256 B7:C7:2E:4F:59:FA:B5:31:C0:5B:1F:AA:AB:95:E7:4A:62:EA:FE:7D:73:72:FD:EA:11:0A:FB:46:0B:41:68:9E\r
a=setup:actpass\r
a=mid:0\r
a=sctp-port:5000\r
a=max-message-size:262144\r
"""
"""A description Chromium wrote for a data channel with no ICE server (the TCP candidate and the IPv4 one added
to show what is kept)."""


def test_a_chromium_offer_keeps_its_credentials_fingerprint_and_udp_host_candidates() -> None:
    shake = from_description(CHROMIUM_OFFER, "offer", "k3j9x2ab", 3)
    assert (shake.ufrag, shake.pwd, shake.invitation) == ("vIy8", "jihmSDm0IUYX6Fzdim8qEpK2", 3)
    assert shake.fingerprint.hex().upper() == "B7C72E4F59FAB531C05B1FAAAB95E74A62EAFE7D7372FDEA110AFB460B41689E"
    assert shake.candidates == (
        Candidate("99209743-f52e-427c-8ac7-0f6e1fb3f542.local", 44024),
        Candidate("10.77.0.1", 44025),
    )
    text = encode(shake)
    assert len(text) == 134 and decode(text) == shake


def test_a_description_written_back_says_what_the_browser_needs() -> None:
    shake = decode(encode(from_description(CHROMIUM_OFFER, "offer", "k3j9x2ab", 0)))
    lines = to_description(shake).split("\r\n")
    assert lines[-1] == "" and lines[0] == "v=0"
    assert "m=application 44024 UDP/DTLS/SCTP webrtc-datachannel" in lines
    assert [line for line in lines if line.startswith("a=candidate:")] == [
        "a=candidate:1 1 udp 2130706431 99209743-f52e-427c-8ac7-0f6e1fb3f542.local 44024 typ host generation 0",
        "a=candidate:2 1 udp 2130706175 10.77.0.1 44025 typ host generation 0",
    ]
    assert (
        "a=fingerprint:sha-256 B7:C7:2E:4F:59:FA:B5:31:C0:5B:1F:AA:AB:95:E7:4A:62:EA:FE:7D:73:72:FD:EA:11:0A:FB:46:0B:41:68:9E"
        in lines
    )
    assert {"a=ice-ufrag:vIy8", "a=ice-pwd:jihmSDm0IUYX6Fzdim8qEpK2", "a=setup:actpass", "a=sctp-port:5000"} <= set(lines)
    answer = Handshake("answer", *list(vars(shake).values())[1:])
    assert "a=setup:active" in to_description(answer)


def test_a_description_with_nothing_to_reach_or_no_credentials_is_unreadable() -> None:
    no_udp = "\r\n".join(line for line in CHROMIUM_OFFER.splitlines() if " udp " not in line)
    with pytest.raises(Unreadable, match="no UDP candidate"):
        from_description(no_udp, "offer", "k3j9x2ab", 0)
    with pytest.raises(Unreadable, match="a=ice-pwd:"):
        from_description(CHROMIUM_OFFER.replace("a=ice-pwd:", "a=ice-pass:"), "offer", "k3j9x2ab", 0)
    with pytest.raises(Unreadable, match="not SHA-256"):
        from_description(CHROMIUM_OFFER.replace("B7:C7", "ZZ:C7"), "offer", "k3j9x2ab", 0)


def test_a_description_s_server_reflexive_and_relay_candidates_are_kept_and_written_back() -> None:
    srflx = "a=candidate:842163049 1 udp 1677729535 203.0.113.7 61002 typ srflx raddr 10.77.0.1 rport 44025 generation 0"
    relay = "a=candidate:1 1 udp 41885439 198.51.100.2 3478 typ relay raddr 203.0.113.7 rport 61002 generation 0"
    sdp = CHROMIUM_OFFER.replace("a=ice-ufrag:", f"{srflx}\r\n{relay}\r\na=ice-ufrag:")
    shake = from_description(sdp, "offer", "k3j9x2ab", 0)
    assert shake.candidates[2:] == (Candidate("203.0.113.7", 61002, "srflx"), Candidate("198.51.100.2", 3478, "relay"))
    assert decode(encode(shake)) == shake
    lines = [line for line in to_description(shake).split("\r\n") if line.startswith("a=candidate:")]
    assert lines[2:] == [
        "a=candidate:3 1 udp 1694498303 203.0.113.7 61002 typ srflx raddr 0.0.0.0 rport 0 generation 0",
        "a=candidate:4 1 udp 16776447 198.51.100.2 3478 typ relay raddr 0.0.0.0 rport 0 generation 0",
    ]


GOOD = encode(from_description(CHROMIUM_OFFER, "offer", "k3j9x2ab", 0))


def altered(index: int, value: int) -> str:
    """:data:`GOOD` with its byte ``index`` made ``value``."""
    data = bytearray(base64.urlsafe_b64decode(GOOD + "=="))
    data[index] = value
    return base64.urlsafe_b64encode(bytes(data)).decode().rstrip("=")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "not the text"),
        ("a b", "not the text"),
        ("A" * 601, "not the text"),
        (GOOD[:-6], "cut short"),
        (GOOD + "AAAA", "follows the handshake's end"),
        (altered(0, 2), "version 2"),
        (altered(1, 2), "kind 2"),
        (altered(3, ord("K")), "names no table"),
        (altered(11, 3), "not ICE text"),  # the username fragment's length: 3 characters taken, one of them its password's length
        (altered(73, 0), "0 candidates"),
        (altered(74, 9), "no address of kind 9"),
        (altered(74, 0x31), "no candidate of kind 3"),
        (GOOD[0], "not base64|cut short"),
    ],
)
def test_a_damaged_handshake_is_unreadable_with_its_reason(text: str, reason: str) -> None:
    with pytest.raises(Unreadable, match=reason):
        decode(text)


def test_a_handshake_that_is_not_one_is_not_encoded() -> None:
    shake = decode(GOOD)
    for bad in (
        Handshake("hello", *list(vars(shake).values())[1:]),
        Handshake("offer", "K3J9X2AB", *list(vars(shake).values())[2:]),
        Handshake("offer", "k3j9x2ab", 256, *list(vars(shake).values())[3:]),
        Handshake("offer", "k3j9x2ab", 0, "a b", shake.pwd, shake.fingerprint, shake.candidates),
        Handshake("offer", "k3j9x2ab", 0, shake.ufrag, shake.pwd, b"short", shake.candidates),
        Handshake("offer", "k3j9x2ab", 0, shake.ufrag, shake.pwd, shake.fingerprint, ()),
    ):
        with pytest.raises(ValueError):
            encode(bad)


ICE = st.text("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+/", min_size=4, max_size=64)
ADDRESS = st.one_of(
    st.uuids().map(lambda u: f"{u}.local"),
    st.ip_addresses(v=4).map(str),
    st.ip_addresses(v=6).map(str),
)


HANDSHAKES = st.builds(
    Handshake,
    st.sampled_from(["offer", "answer"]),
    st.text("abcdefghijklmnopqrstuvwxyz0123456789", min_size=8, max_size=8),
    st.integers(0, 255),
    ICE,
    ICE,
    st.binary(min_size=32, max_size=32),
    st.lists(
        st.builds(Candidate, ADDRESS, st.integers(1, 65535), st.sampled_from(["host", "srflx", "relay"])), min_size=1, max_size=8
    ).map(tuple),
)


@given(HANDSHAKES)
def test_every_handshake_reads_back_as_written(shake: Handshake) -> None:
    text = encode(shake)
    assert decode(text) == shake and len(text) <= 600
    assert from_description(to_description(shake), shake.kind, shake.table, shake.invitation) == shake
