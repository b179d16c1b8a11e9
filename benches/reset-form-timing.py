#!/usr/bin/env python3
"""The forgotten-password form's time, for an address with an account and one without.

Runs against a `fives serve` already started with mail on (any SMTP URL will do: the page
only queues), at the address given, whose store has an account for KNOWN. Sends the two
addresses alternately, N of each, over one keep-alive connection, and prints each one's
median and 90th percentile in milliseconds, as the client saw them.

    python3 benches/reset-form-timing.py http://127.0.0.1:18099 known@example.org 200
"""

import re
import statistics
import sys
import time

import requests

base, known, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
session = requests.Session()
form = session.get(f"{base}/password-reset").text
token = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)
times = {"with an account": [], "without one": []}
for n in range(count):
    for label, email in (("with an account", known), ("without one", f"nobody{n}@example.org")):
        started = time.perf_counter()
        answer = session.post(f"{base}/password-reset", data={"csrf_token": token, "email": email})
        times[label].append((time.perf_counter() - started) * 1000)
        assert answer.status_code == 200, answer.text
for label, spent in times.items():
    spent.sort()
    print(f"{label}: median {statistics.median(spent):.2f} ms, "
          f"90th percentile {spent[int(len(spent) * 0.9)]:.2f} ms over {len(spent)}")
