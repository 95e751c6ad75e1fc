#!/usr/bin/env python3
"""FOCUS 1.2 conformance of `kueuegov chargeback -o focus`, checked against rules written
from the specification's own text (FinOps-Open-Cost-and-Usage-Spec/FOCUS_Spec at tag v1.2:
specification/columns/*.md for each column's feature level, nullability, data type and
allowed values; specification/attributes/*.md for the date/time, numeric, currency,
key-value, unit and column-naming formats).

Usage: focus_check.py KUEUEGOV REPO_ROOT   (runs the chargeback cases and checks each output)
       focus_check.py --file OUTPUT.csv    (checks one file; exit 1 with the violations)

Before the real outputs are judged, the checker must reject a set of broken datasets (a
mandatory column dropped, a null where FOCUS forbids one, a bad date, a cost that is not
unit price x quantity, ...), so a checker that passes everything fails this test.
"""
import csv
import io
import json
import os
import re
import subprocess
import sys
from decimal import Decimal, InvalidOperation

# Column ID -> (feature level, allows nulls, data type, value format), FOCUS 1.2 "Content
# constraints" tables. M mandatory, C conditional, R recommended.
COLUMNS = {
    "AvailabilityZone": ("R", True, "String", None),
    "BilledCost": ("M", False, "Decimal", "numeric"),
    "BillingAccountId": ("M", False, "String", None),
    "BillingAccountName": ("M", True, "String", None),
    "BillingAccountType": ("C", False, "String", None),
    "BillingCurrency": ("M", False, "String", "currency"),
    "BillingPeriodEnd": ("M", False, "DateTime", "datetime"),
    "BillingPeriodStart": ("M", False, "DateTime", "datetime"),
    "CapacityReservationId": ("C", True, "String", None),
    "CapacityReservationStatus": ("C", True, "String", "allowed"),
    "ChargeCategory": ("M", False, "String", "allowed"),
    "ChargeClass": ("M", True, "String", "allowed"),
    "ChargeDescription": ("M", True, "String", None),
    "ChargeFrequency": ("R", False, "String", "allowed"),
    "ChargePeriodEnd": ("M", False, "DateTime", "datetime"),
    "ChargePeriodStart": ("M", False, "DateTime", "datetime"),
    "CommitmentDiscountCategory": ("C", True, "String", "allowed"),
    "CommitmentDiscountId": ("C", True, "String", None),
    "CommitmentDiscountName": ("C", True, "String", None),
    "CommitmentDiscountQuantity": ("C", True, "Decimal", "numeric"),
    "CommitmentDiscountStatus": ("C", True, "String", "allowed"),
    "CommitmentDiscountType": ("C", True, "String", None),
    "CommitmentDiscountUnit": ("C", True, "String", "unit"),
    "ConsumedQuantity": ("C", True, "Decimal", "numeric"),
    "ConsumedUnit": ("C", True, "String", "unit"),
    "ContractedCost": ("M", False, "Decimal", "numeric"),
    "ContractedUnitPrice": ("C", True, "Decimal", "numeric"),
    "EffectiveCost": ("M", False, "Decimal", "numeric"),
    "InvoiceId": ("R", True, "String", None),
    "InvoiceIssuerName": ("M", False, "String", None),
    "ListCost": ("M", False, "Decimal", "numeric"),
    "ListUnitPrice": ("C", True, "Decimal", "numeric"),
    "PricingCategory": ("C", True, "String", "allowed"),
    "PricingCurrency": ("C", True, "String", "currency"),
    "PricingCurrencyContractedUnitPrice": ("C", True, "Decimal", "numeric"),
    "PricingCurrencyEffectiveCost": ("C", True, "Decimal", "numeric"),
    "PricingCurrencyListUnitPrice": ("C", True, "Decimal", "numeric"),
    "PricingQuantity": ("M", True, "Decimal", "numeric"),
    "PricingUnit": ("M", True, "String", "unit"),
    "ProviderName": ("M", False, "String", None),
    "PublisherName": ("M", False, "String", None),
    "RegionId": ("C", True, "String", None),
    "RegionName": ("C", True, "String", None),
    "ResourceId": ("C", True, "String", None),
    "ResourceName": ("C", True, "String", None),
    "ResourceType": ("C", True, "String", None),
    "ServiceCategory": ("M", False, "String", "allowed"),
    "ServiceName": ("M", False, "String", None),
    "ServiceSubcategory": ("R", False, "String", "allowed"),
    "SkuId": ("C", True, "String", None),
    "SkuMeter": ("C", True, "String", None),
    "SkuPriceDetails": ("C", True, "JSON", "keyvalue"),
    "SkuPriceId": ("C", True, "String", None),
    "SubAccountId": ("C", True, "String", None),
    "SubAccountName": ("C", True, "String", None),
    "SubAccountType": ("C", True, "String", None),
    "Tags": ("C", True, "JSON", "keyvalue"),
}

ALLOWED = {
    "ChargeCategory": {"Usage", "Purchase", "Tax", "Credit", "Adjustment"},
    "ChargeClass": {"Correction"},
    "ChargeFrequency": {"One-Time", "Recurring", "Usage-Based"},
    "PricingCategory": {"Standard", "Dynamic", "Committed", "Other"},
    "CapacityReservationStatus": {"Used", "Unused"},
    "CommitmentDiscountCategory": {"Spend", "Usage"},
    "CommitmentDiscountStatus": {"Used", "Unused"},
    "ServiceCategory": {
        "AI and Machine Learning", "Analytics", "Business Applications", "Compute", "Databases",
        "Developer Tools", "Multicloud", "Identity", "Integration", "Internet of Things",
        "Management and Governance", "Media", "Migration", "Mobile", "Networking", "Security",
        "Storage", "Web", "Other",
    },
}

# ServiceSubcategory -> its one parent ServiceCategory (the parts of the table kueuegov uses,
# plus the "Other (...)" value of each category).
SUBCATEGORY_PARENT = {
    "AI Platforms": "AI and Machine Learning", "Bots": "AI and Machine Learning",
    "Generative AI": "AI and Machine Learning", "Machine Learning": "AI and Machine Learning",
    "Natural Language Processing": "AI and Machine Learning",
    "Other (AI and Machine Learning)": "AI and Machine Learning",
    "Containers": "Compute", "End User Computing": "Compute", "Quantum Compute": "Compute",
    "Serverless Compute": "Compute", "Virtual Machines": "Compute", "Other (Compute)": "Compute",
    "Other (Other)": "Other",
}

DATETIME = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$")
# Numeric format: integer, decimal or E notation; no "+" sign, no thousands separators.
NUMERIC = re.compile(r"^-?\d+(\.\d+)?(E-?\d+)?$")
CURRENCY = re.compile(r"^[A-Z]{3}$")
TIME_UNITS = {"Years", "Months", "Days", "Hours", "Minutes", "Seconds"}
DATA_SIZE = re.compile(r"^(b|Kb|Mb|Gb|Tb|Pb|Eb|Kib|Mib|Gib|Tib|Pib|Eib|B|KB|MB|GB|TB|PB|EB|KiB|MiB|GiB|TiB|PiB|EiB)$")
SIZE_WORDS = re.compile(r"(?i)^(bytes?|bits?|kilo|mega|giga|tera|peta|exa|kibi|mebi|gibi|tebi)")


def check_unit(v):
    """UnitFormat: '<singular-unit>-<plural-time-units>' is the shape kueuegov writes; time
    units MUST be one of the listed words, data sizes MUST use the listed abbreviations."""
    if "-" not in v:
        return "expected <unit>-<time units> such as GPU-Hours"
    unit, time = v.rsplit("-", 1)
    if time not in TIME_UNITS:
        return "time unit %r is not one of %s" % (time, sorted(TIME_UNITS))
    if SIZE_WORDS.match(unit) and not DATA_SIZE.match(unit):
        return "data size %r must be abbreviated (GiB, GB, ...)" % unit
    return None


def check_keyvalue(v):
    try:
        obj = json.loads(v)
    except ValueError as e:
        return "not JSON: %s" % e
    if not isinstance(obj, dict):
        return "expected a JSON object"
    for k, x in obj.items():
        if isinstance(x, (dict, list)):
            return "value of %r is an object or array" % k
    return None


def dec(v):
    try:
        return Decimal(v)
    except InvalidOperation:
        return None


def check_dataset(text):
    """Returns the list of violations of FOCUS 1.2 in a CSV dataset."""
    problems = []
    rows = list(csv.reader(io.StringIO(text)))
    if not rows:
        return ["empty dataset: no header"]
    header = rows[0]
    if len(set(header)) != len(header):
        problems.append("duplicate column names")
    for name, (level, _, _, _) in COLUMNS.items():
        if level == "M" and name not in header:
            problems.append("mandatory column %s is missing" % name)
    seen_custom = False
    for name in header:
        if name in COLUMNS:
            if seen_custom:
                problems.append("FOCUS column %s comes after a custom column" % name)
        elif name.startswith("x_"):
            seen_custom = True
        else:
            problems.append("column %s is neither a FOCUS 1.2 column nor prefixed x_" % name)
    for n, cells in enumerate(rows[1:], start=2):
        if len(cells) != len(header):
            problems.append("line %d: %d cells for %d columns" % (n, len(cells), len(header)))
            continue
        r = dict(zip(header, cells))
        for name, v in r.items():
            if name not in COLUMNS:
                continue
            _, nulls, _, fmt = COLUMNS[name]
            if v == "":
                if not nulls:
                    problems.append("line %d: %s must not be null" % (n, name))
                continue
            err = None
            if fmt == "numeric" and not NUMERIC.match(v):
                err = "not a FOCUS numeric value"
            elif fmt == "datetime" and not DATETIME.match(v):
                err = "not YYYY-MM-DDTHH:mm:ssZ"
            elif fmt == "currency" and not CURRENCY.match(v):
                err = "not an ISO 4217 code"
            elif fmt == "keyvalue":
                err = check_keyvalue(v)
            elif fmt == "unit":
                err = check_unit(v)
            elif fmt == "allowed" and name in ALLOWED and v not in ALLOWED[name]:
                err = "not an allowed value"
            elif name == "ServiceSubcategory":
                parent = SUBCATEGORY_PARENT.get(v)
                if parent is None:
                    err = "not an allowed value"
                elif parent != r.get("ServiceCategory"):
                    err = "its parent category is %s, not %s" % (parent, r.get("ServiceCategory"))
            if err:
                problems.append("line %d: %s %r: %s" % (n, name, v, err))
        category = r.get("ChargeCategory")
        correction = r.get("ChargeClass") == "Correction"
        # PricingQuantity: MUST NOT be null for Usage/Purchase (not corrections); null for Tax.
        if category in ("Usage", "Purchase") and not correction and r.get("PricingQuantity", "") == "":
            problems.append("line %d: PricingQuantity must not be null for %s" % (n, category))
        if category == "Usage" and not correction and "ConsumedQuantity" in r and r["ConsumedQuantity"] == "":
            problems.append("line %d: ConsumedQuantity must not be null for Usage" % n)
        if category != "Usage" and r.get("ConsumedQuantity", "") != "":
            problems.append("line %d: ConsumedQuantity must be null when ChargeCategory is not Usage" % n)
        if r.get("PricingQuantity", "") != "" and r.get("PricingUnit", "") == "":
            problems.append("line %d: PricingUnit must not be null when PricingQuantity is not" % n)
        # Unit price x PricingQuantity MUST match the cost; both are rounded (quantity to 6
        # decimals), so "match" allows half a unit of the last decimal of each factor.
        q = dec(r.get("PricingQuantity", ""))
        for price_col, cost_col in (("ListUnitPrice", "ListCost"), ("ContractedUnitPrice", "ContractedCost")):
            price, c = dec(r.get(price_col, "")), dec(r.get(cost_col, ""))
            if price is None or c is None:
                if price is None and c is not None and not correction and dec(r.get("BilledCost", "")) != c:
                    problems.append("line %d: %s without %s must equal BilledCost" % (n, cost_col, price_col))
                continue
            if q is not None and not correction:
                tolerance = abs(price) * Decimal("0.0000005") + Decimal("0.0000005") + q * Decimal("0.0000000005")
                if abs(price * q - c) > tolerance:
                    problems.append("line %d: %s %s is not %s x PricingQuantity (%s)" % (n, cost_col, c, price_col, price * q))
        # Periods: start inclusive, end exclusive; the charge period lies in the billing period.
        cs, ce, bs, be = (r.get(k, "") for k in ("ChargePeriodStart", "ChargePeriodEnd", "BillingPeriodStart", "BillingPeriodEnd"))
        if all(DATETIME.match(x or "") for x in (cs, ce, bs, be)):
            if not cs < ce:
                problems.append("line %d: ChargePeriodStart %s is not before ChargePeriodEnd %s" % (n, cs, ce))
            if not (bs <= cs and ce <= be and bs < be):
                problems.append("line %d: charge period %s..%s is not inside billing period %s..%s" % (n, cs, ce, bs, be))
    return problems


def mutate(text, column, value, row=1):
    rows = list(csv.reader(io.StringIO(text)))
    header = rows[0]
    if value is None:
        i = header.index(column)
        rows = [r[:i] + r[i + 1:] for r in rows]
    else:
        rows[row][header.index(column)] = value
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


def self_test(good):
    """The checker must see each of these faults."""
    broken = {
        "mandatory column dropped": mutate(good, "BillingAccountId", None),
        "null where forbidden": mutate(good, "ProviderName", ""),
        "bad date": mutate(good, "ChargePeriodStart", "2026-11-20 06:00:00"),
        "bad number": mutate(good, "BilledCost", "+1.5"),
        "bad currency": mutate(good, "BillingCurrency", "dollars"),
        "bad category": mutate(good, "ChargeCategory", "usage"),
        "subcategory of another category": mutate(good, "ServiceSubcategory", "Generative AI"),
        "cost is not price x quantity": mutate(good, "ListCost", "123456.000000"),
        "tags not an object": mutate(good, "Tags", "[1,2]"),
        "unit not a time unit": mutate(good, "PricingUnit", "GPU-hrs"),
        "charge period outside billing period": mutate(good, "ChargePeriodEnd", "2099-01-01T00:00:00Z"),
    }
    header = good.split("\n", 1)
    broken["unprefixed custom column"] = header[0].replace("x_Basis", "Basis") + "\n" + header[1]
    failed = []
    for what, text in broken.items():
        if not check_dataset(text):
            failed.append(what)
    return failed


def run(binary, root):
    examples = os.path.join(root, "testdata", "examples")
    golden = os.path.join(root, "testdata", "report", "golden")
    prices = os.path.join(golden, "chargeback-focus-localqueue", "prices.yaml")
    billing = os.path.join(golden, "chargeback-focus-billing", "prices.yaml")
    cases = {
        # a period across a month boundary: two billing periods
        "localqueue, two months": ["-f", examples, "--from", "2026-10-31T18:00:00Z", "--to", "2026-11-20T12:00:00Z",
                                   "--prices", prices, "--by", "localqueue"],
        "clusterqueue, no prices": ["-f", examples, "--from", "2026-11-20T06:00:00Z", "--to", "2026-11-20T12:00:00Z"],
        "namespace, billing identity and list prices": ["-f", examples, "--from", "2026-11-01T00:00:00Z",
                                                        "--to", "2026-12-01T00:00:00Z", "--prices", billing,
                                                        "--by", "namespace"],
        "flavor": ["-f", examples, "--from", "2026-11-20T06:00:00Z", "--to", "2026-11-20T12:00:00Z",
                   "--prices", prices, "--by", "flavor"],
        "purpose": ["-f", examples, "--from", "2026-11-20T06:00:00Z", "--to", "2026-11-20T12:00:00Z",
                    "--prices", prices, "--by", "purpose",
                    "--policy", os.path.join(golden, "chargeback-by-purpose", "policy.yaml")],
    }
    failures = 0
    first = None
    for name, args in cases.items():
        p = subprocess.run([binary, "chargeback", "-o", "focus"] + args, capture_output=True, text=True)
        if p.returncode != 0:
            print("FAIL %s: exit %d\n%s" % (name, p.returncode, p.stderr))
            failures += 1
            continue
        rows = p.stdout.count("\n") - 1
        problems = check_dataset(p.stdout)
        if rows < 1:
            problems.append("no rows")
        for pr in problems[:20]:
            print("FAIL %s: %s" % (name, pr))
        failures += bool(problems)
        print("%s %s: %d rows" % ("ok  " if not problems else "FAIL", name, rows))
        first = first or (p.stdout if not problems else None)
    if first is None:
        print("FAIL: no conforming output to run the self-test on")
        return 1
    missed = self_test(first)
    for m in missed:
        print("FAIL self-test: the checker accepted a dataset with: %s" % m)
    return 1 if failures or missed else 0


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--file":
        problems = check_dataset(open(sys.argv[2], encoding="utf-8").read())
        for p in problems:
            print(p)
        return 1 if problems else 0
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    return run(sys.argv[1], sys.argv[2])


if __name__ == "__main__":
    sys.exit(main())
