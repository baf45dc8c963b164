#!/usr/bin/env python3
"""Draw the blind sample of verdicts that a judge reads against the mail.

    scripts/verdict-sample.py [--seed N] [--verdicts 30] [--withheld 10] DB...

For each crawled SQLite database (`lkmlbench crawl --db DB ARCHIVE`), with a
fresh random.Random(seed) per database, as in docs/verdict-audit.md:

1. all improved/regressed cells are listed in a fixed order (table, row,
   cell), shuffled, and taken in that order, skipping any whose table
   already gave two, until --verdicts are drawn;
2. the same generator, continued, draws --withheld cells that carry no
   verdict but a reason (verdict_basis: pct-mismatch, different-tests,
   doubtful-reading, counter, noise), with their own two-per-table cap;
3. then --other withheld cells whose reason is not "counter" (most
   withheld cells are counters, so step 2 rarely shows the other
   reasons), again with their own cap.

Each record is printed with what the judge needs to find and read it: the
list, the message id, the public-inbox commit whose blob `m` is the mail
(`git -C SOURCE show COMMIT:m`), the table's lines and the row's line (and
its line in the decoded MIME part when the part is encoded), the row's text
when the line is plain, and the record: case, variant, field, value, the
reference it was compared with, the direction, improvement_pct, verdict and
basis. The judge writes right / wrong / unsure (withheld: justified /
over-cautious) beside each number; nothing here judges.
"""
import argparse
import json
import random
import sqlite3
import subprocess
import sys

QUERY = """
SELECT t.id, t.message_id, m.commit_id, t.source, t.start_line, t.end_line, t.benchmark,
       t.baseline, t.direction, t.doc
FROM tables t JOIN messages m ON m.id = t.message_rowid
ORDER BY t.id
"""


def cells(db):
    """Every cell with a verdict or a reason, in table, row, cell order."""
    con = sqlite3.connect(db)
    for tid, mid, commit, source, start, end, bench, base, tdir, doc in con.execute(QUERY):
        d = json.loads(doc)
        reference = base or d.get("baseline_case", "")
        for ri, r in enumerate(d.get("rows", [])):
            for ci, c in enumerate(r.get("cells", [])):
                verdict, basis = c.get("verdict", ""), c.get("verdict_basis", "")
                if not verdict and not basis:
                    continue
                yield {
                    "table": tid, "message_id": mid, "commit": commit, "source": source,
                    "lines": f"{start}-{end}", "line": r.get("line"), "decoded_line": r.get("decoded_line"),
                    "benchmark": bench, "columns": d.get("columns", ""), "reference": reference,
                    "reference_is_row": bool(d.get("baseline_case")),
                    "case": r.get("case", ""), "variant": c.get("variant", ""), "field": c.get("field", ""),
                    "value": c.get("value"), "direction": c.get("direction") or tdir,
                    "improvement_pct": c.get("improvement_pct"), "noise": c.get("noise", ""),
                    "verdict": verdict, "basis": basis, "key": (tid, ri, ci),
                }


def draw(pool, rng, n):
    """Shuffle pool with rng and take up to n, at most two per table."""
    rng.shuffle(pool)
    per, out = {}, []
    for rec in pool:
        if len(out) == n:
            break
        if per.get(rec["table"], 0) >= 2:
            continue
        per[rec["table"]] = per.get(rec["table"], 0) + 1
        out.append(rec)
    return out


def mail_line(rec):
    """The row's raw line in the mail when it is plain text, else ''."""
    if not rec["commit"] or rec["decoded_line"]:
        return ""
    try:
        blob = subprocess.run(["git", "-C", rec["source"], "show", rec["commit"] + ":m"],
                              capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return ""
    lines = blob.decode("utf-8", "replace").splitlines()
    n = rec["line"] or 0
    return lines[n - 1].rstrip() if 0 < n <= len(lines) else ""


def show(i, rec):
    where = f"line {rec['line']}"
    if rec["decoded_line"]:
        where += f" (decoded line {rec['decoded_line']})"
    print(f"#{i} {rec['message_id']}")
    print(f"   mail: git -C {rec['source']} show {rec['commit']}:m   table t{rec['table']} lines {rec['lines']}, {where}")
    text = mail_line(rec)
    if text:
        print(f"   row:  {text}")
    ref = ("row " if rec["reference_is_row"] else "") + repr(rec["reference"])
    cols = " (columns are metrics)" if rec["columns"] else ""
    print(f"   record: case={rec['case']!r} variant={rec['variant']!r} field={rec['field']} value={rec['value']}"
          f" vs {ref}{cols}; direction={rec['direction'] or '-'} improvement_pct={rec['improvement_pct']}"
          f" noise={rec['noise'] or '-'} verdict={rec['verdict'] or '-'} basis={rec['basis'] or '-'}")
    print("   judgement: ")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=20261206)
    ap.add_argument("--verdicts", type=int, default=30, help="improved/regressed records per database")
    ap.add_argument("--withheld", type=int, default=10, help="withheld records per database")
    ap.add_argument("--other", type=int, default=5, help="withheld records per database whose reason is not counter")
    ap.add_argument("db", nargs="+")
    a = ap.parse_args()
    for db in a.db:
        rng = random.Random(a.seed)
        every = list(cells(db))
        judged = [r for r in every if r["verdict"] in ("improved", "regressed")]
        withheld = [r for r in every if not r["verdict"] and r["basis"]]
        print(f"== {db}: {len(judged)} improved/regressed, {len(withheld)} withheld; seed {a.seed}")
        for i, rec in enumerate(draw(judged, rng, a.verdicts), 1):
            show(i, rec)
        print(f"-- withheld ({db})")
        for i, rec in enumerate(draw(withheld, rng, a.withheld), 1):
            show(i, rec)
        print(f"-- withheld for another reason than counter ({db})")
        other = [r for r in withheld if r["basis"] != "counter"]
        for i, rec in enumerate(draw(other, rng, a.other), 1):
            show(i, rec)
    return 0


if __name__ == "__main__":
    sys.exit(main())
