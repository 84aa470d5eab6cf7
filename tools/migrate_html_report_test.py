#!/usr/bin/env python3
"""migrate --report FILE.html in a real browser.

Migrates ../shared/corpus/gazebo_models with --report report.html (and, for
the expected figures, the same run's JSON report), then loads the page in
headless Chromium (Debian's chromium; the test fails when it is missing):
the rendered table has one row per file of the report, filtering by a code
(read by the page from the URL fragment) leaves exactly the files with that
code, filtering by status exactly the files of that status, and a
screenshot of the page is kept as a test output
(TEST_UNDECLARED_OUTPUTS_DIR/migrate_report.png).

usage: migrate_html_report_test.py MIGRATE
"""

import html.parser
import json
import os
import shutil
import subprocess
import sys

CHROMIUM = "/usr/bin/chromium"
failures = []


def fail(message):
    print("FAIL: " + message, file=sys.stderr)
    failures.append(message)


def corpus_dir():
    for base in (os.environ.get("TEST_SRCDIR", ""), os.path.join(os.getcwd(), "..")):
        for path in (os.path.join(base, "corpus", "gazebo_models"),
                     os.path.join(os.getcwd(), "external", "corpus", "gazebo_models")):
            if os.path.isdir(path):
                return path
    sys.exit("FAIL: the corpus (gazebo_models) is not in the runfiles")


class Rows(html.parser.HTMLParser):
    """The rows of table#files's body as Chromium rendered them."""

    def __init__(self):
        super().__init__()
        self.rows = []  # (status, codes, hidden)
        self.shown = None
        self._in_shown = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "tr" and "file" in (a.get("class") or "").split():
            self.rows.append((a.get("data-status"), set((a.get("data-codes") or "").split()),
                              "hidden" in a))
        if tag == "span" and a.get("id") == "shown":
            self._in_shown = True

    def handle_data(self, data):
        if self._in_shown:
            self.shown = data
            self._in_shown = False


def chromium(args, tmp):
    env = dict(os.environ, HOME=tmp)
    return subprocess.run(
        [CHROMIUM, "--headless", "--disable-gpu", "--no-sandbox", "--disable-dev-shm-usage",
         "--user-data-dir=" + os.path.join(tmp, "chromium-profile")] + args,
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=240)


def rendered(url, tmp):
    run = chromium(["--dump-dom", url], tmp)
    if run.returncode != 0 or not run.stdout:
        sys.exit("FAIL: chromium --dump-dom %s: exit %d: %s" %
                 (url, run.returncode, run.stderr.decode(errors="replace")[-2000:]))
    rows = Rows()
    rows.feed(run.stdout.decode("utf-8", errors="replace"))
    return rows


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    migrate = os.path.abspath(sys.argv[1])
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        sys.exit("FAIL: %s is not installed (tools/install_deps.sh installs Debian's chromium)"
                 % CHROMIUM)
    tmp = os.environ.get("TEST_TMPDIR") or "/tmp"
    tmp = os.path.join(tmp, "migrate_html")
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    src = corpus_dir()
    page = os.path.join(tmp, "report.html")
    run = subprocess.run([migrate, "-q", src, "-o", os.path.join(tmp, "out"), "--report", page],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if run.returncode not in (0, 1) or not os.path.isfile(page):
        sys.exit("FAIL: migrate exit %d: %s" % (run.returncode, run.stderr.decode()[-2000:]))
    # The same statuses from a dry run's JSON report: what the page must show.
    report_json = os.path.join(tmp, "report.json")
    subprocess.run([migrate, "-q", "--dry-run", src, "-o", os.path.join(tmp, "dry"),
                    "--report", report_json], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    with open(report_json) as f:
        report = json.load(f)
    files = report["files"]
    with_code = {}
    for f in files:
        for c in {d["code"] for d in f["diagnostics"]}:
            with_code[c] = with_code.get(c, 0) + 1
    failed = sum(1 for f in files if f["status"] == "failed")
    if not files or not with_code or not failed:
        sys.exit("FAIL: the corpus run has no files, no diagnostics or no failure to filter")

    with open(page, encoding="utf-8") as f:
        text = f.read()
    for bad in ("http://", "https://", "src=", "<link"):
        # Graphviz's SVG names its DTD and the SVG namespace by http URL;
        # nothing else may point outside the page.
        for line in text.splitlines():
            if bad in line and "w3.org" not in line and "<option" not in line and "<li" not in line:
                fail("the page refers outside itself: " + line.strip()[:200])
                break

    url = "file://" + page
    all_rows = rendered(url, tmp)
    if len(all_rows.rows) != len(files):
        fail("%d rows rendered, the report has %d files" % (len(all_rows.rows), len(files)))
    if any(hidden for _, _, hidden in all_rows.rows):
        fail("rows hidden without a filter")
    if all_rows.shown != "%d of %d files shown" % (len(files), len(files)):
        fail("unfiltered: #shown says %r" % all_rows.shown)

    # Filter by a code (the most common one and XML_ERROR, which only a few
    # files have): exactly its files stay.
    common = max(with_code, key=lambda c: (with_code[c], c))
    for code in sorted({common, "XML_ERROR"} & set(with_code)):
        rows = rendered(url + "#code=" + code, tmp)
        visible = [r for r in rows.rows if not r[2]]
        if len(visible) != with_code[code]:
            fail("#code=%s: %d rows shown, %d files have the code" %
                 (code, len(visible), with_code[code]))
        if any(code not in codes for _, codes, _ in visible):
            fail("#code=%s: a row without the code is shown" % code)
        if len(rows.rows) != len(files):
            fail("#code=%s: rows removed rather than hidden" % code)
        print("#code=%s: %d of %d rows" % (code, len(visible), len(files)))

    rows = rendered(url + "#status=failed", tmp)
    visible = [r for r in rows.rows if not r[2]]
    if len(visible) != failed or any(s != "failed" for s, _, _ in visible):
        fail("#status=failed: %d rows shown, %d files failed" % (len(visible), failed))

    out_dir = os.environ.get("TEST_UNDECLARED_OUTPUTS_DIR") or tmp
    shot = os.path.join(out_dir, "migrate_report.png")
    run = chromium(["--screenshot=" + shot, "--window-size=1400,2400",
                    "--hide-scrollbars", url + "#status=converted%20with%20warnings&trees=open"], tmp)
    if run.returncode != 0 or not os.path.isfile(shot) or os.path.getsize(shot) < 1000:
        fail("no screenshot: exit %d: %s" % (run.returncode,
                                            run.stderr.decode(errors="replace")[-2000:]))
    else:
        with open(shot, "rb") as f:
            if f.read(8) != b"\x89PNG\r\n\x1a\n":
                fail("the screenshot is not a PNG")
        print("screenshot: " + shot)

    if failures:
        print("%d failure(s)" % len(failures))
        return 1
    print("PASS: %d rows, filters by code and status" % len(files))
    return 0


if __name__ == "__main__":
    sys.exit(main())
