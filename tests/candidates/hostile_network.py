"""Hostile: talks to servers on 127.0.0.1 over TCP and UDP (the ports listed in ports.json
beside it, else a few common ones), e.g. to ask a harness for the answer; then returns a
wrong answer."""

import contextlib
import json
import socket
from pathlib import Path
from typing import Any


def _ports() -> list[int]:
    with contextlib.suppress(OSError, ValueError):
        return [int(p) for p in json.loads(Path(__file__).with_name("ports.json").read_text())]
    return [22, 80, 8000, 8080]


def train(X: Any, y: Any) -> Any:
    for port in _ports():
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1) as s:
            s.sendall(b"hostile candidate over TCP\n")
        with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as u:
            u.sendto(b"hostile candidate over UDP\n", ("127.0.0.1", port))
    return [0.0] * len(X[0])
