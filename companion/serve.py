"""``companion serve``: the app on the local network, served by waitress."""

from __future__ import annotations

import io
import socket
import sys
from pathlib import Path

import qrcode
from waitress import serve as waitress_serve

from companion import InstanceError, create_app


def lan_address() -> str:
    """This machine's address on the local network (127.0.0.1 when there is none).

    A UDP ``connect`` only asks the kernel for a route; no packet is sent.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never contacted, only routed
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def local_addresses(host: str) -> list[str]:
    """The addresses this machine answers on, for the Host allow-list: the LAN address, the
    addresses of its host name, and ``host`` itself when it is a specific address."""
    found = [lan_address()]
    try:
        found += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None)]
    except OSError:
        pass
    if host not in ("0.0.0.0", "::", ""):
        found.append(host)
    return sorted(set(found))


def terminal_qr(text: str) -> str:
    """A QR code drawn with text characters, for the terminal."""
    code = qrcode.QRCode(border=1)
    code.add_data(text)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()


def serve(
    host: str = "0.0.0.0", port: int = 5000, instance: str = "instance", allow_hosts: tuple[str, ...] = ()
) -> int:
    """Create the instance folder if needed, print the LAN address and its QR code, then serve.

    Requests are answered for loopback names, this machine's addresses and ``allow_hosts``
    (``--allow-host``) only. An unusable instance folder is one ``error:`` line, status 2.
    """
    url = f"http://{lan_address() if host in ('0.0.0.0', '::') else host}:{port}/"
    allowed = tuple(local_addresses(host)) + tuple(allow_hosts)
    config = {"INSTANCE_PATH": str(Path(instance).resolve()), "PUBLIC_URL": url, "ALLOWED_HOSTS": allowed}
    try:
        app = create_app(config)
    except InstanceError as exc:
        print(f"error: --instance: {exc}", file=sys.stderr)
        return 2
    print(f"companion: serving on {url} (instance folder {app.instance_path})", flush=True)
    print("Scan to open on a phone on the same Wi-Fi:", flush=True)
    print(terminal_qr(url), flush=True)
    try:
        waitress_serve(app, host=host, port=port, threads=8, ident="companion")
    except OSError as exc:
        print(f"error: --port: cannot listen on {host}:{port} ({exc.strerror})", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("companion: stopped", flush=True)
    return 0
