#!/usr/bin/env python3
"""Draws a restart storm's samples (tests/tests/storm, TESSERA_STORM_OUT) as one PNG.

    storm-plot.py SAMPLES_DIR OUT.png

Three panels over the seconds since the replica was killed: gates online (on the survivor,
on the killed replica, and all of them); the honest exchanges' p99 per second (scan to
challenge, response to result; exchanges a lost socket interrupted are drawn as dots); the
survivor's resident memory and the database's connections.
"""
import csv
import math
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def p99(values):
    values = sorted(values)
    return values[max(0, math.ceil(len(values) * 0.99) - 1)]


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    src, out = sys.argv[1], sys.argv[2]
    events = {r["event"]: float(r["t_s"]) for r in rows(f"{src}/events.csv")}
    t0 = events["killed"]
    back = events["back"] - t0
    online = rows(f"{src}/online.csv")
    timings = rows(f"{src}/timings.csv")
    resources = rows(f"{src}/resources.csv")

    fig, (ax1, ax2, ax3) = plt.subplots(3, 1, figsize=(10, 10), sharex=True)
    t = [float(r["t_s"]) - t0 for r in online]
    ax1.plot(t, [int(r["online"]) for r in online], label="all gates", color="black")
    ax1.plot(t, [int(r["idle_a"]) for r in online], label="on the survivor (A)", color="tab:blue")
    ax1.plot(t, [int(r["idle_b"]) for r in online], label="on the killed replica (B)", color="tab:red")
    ax1.set_ylabel("gates online")
    ax1.set_title(f"Restart storm: replica B killed at 0 s, every gate back at {back:.1f} s")
    ax1.legend(loc="center right")

    per_second = defaultdict(lambda: defaultdict(list))
    resent = []
    for r in timings:
        at = float(r["t_s"]) - t0
        ms = float(r["ms"])
        if r["resent"] == "1":
            resent.append((at, ms))
        else:
            per_second[r["step"]][math.floor(at)].append(ms)
    for step, colour in (("scan_to_challenge", "tab:green"), ("response_to_result", "tab:purple")):
        seconds = sorted(per_second[step])
        ax2.plot([s + 0.5 for s in seconds], [p99(per_second[step][s]) for s in seconds],
                 label=f"p99 {step.replace('_', ' ')}", color=colour, marker=".")
    if resent:
        ax2.scatter([a for a, _ in resent], [m for _, m in resent], s=12, color="tab:red",
                    label="interrupted by the kill (resent)", zorder=3)
    ax2.axhline(250, color="grey", linestyle="--", linewidth=0.8)
    ax2.axhline(20, color="grey", linestyle=":", linewidth=0.8)
    ax2.set_yscale("log")
    ax2.set_ylabel("honest latency, ms")
    ax2.legend(loc="upper right", fontsize="small")

    t = [float(r["t_s"]) - t0 for r in resources]
    ax3.plot(t, [float(r["rss_a_mib"]) for r in resources], color="tab:blue", label="survivor RSS (MiB)")
    ax3.set_ylabel("survivor RSS, MiB")
    ax3.set_ylim(bottom=0)
    ax4 = ax3.twinx()
    ax4.plot(t, [int(r["pg_connections"]) for r in resources], color="tab:orange",
             label="PostgreSQL connections")
    ax4.set_ylabel("PostgreSQL connections")
    ax4.set_ylim(bottom=0)
    lines = ax3.get_lines() + ax4.get_lines()
    ax3.legend(lines, [line.get_label() for line in lines], loc="lower right")
    ax3.set_xlabel("seconds since replica B was killed")
    for ax in (ax1, ax2, ax3):
        ax.axvline(0, color="tab:red", linewidth=0.8)
        ax.axvline(back, color="black", linewidth=0.8, linestyle="--")
        ax.grid(True, alpha=0.3)
    fig.tight_layout()
    fig.savefig(out, dpi=90)


if __name__ == "__main__":
    main()
