"""Dice fairness: every die rolled in a promotion's matches, counted by die type, with a chi-square test."""

import math

from django.db import connection

from matches.models import MatchEvent


def roll_counts(promotion):
    """{die: {face: count}} for every roll recorded in the promotion's match events (one aggregate query)."""
    events = MatchEvent.objects.filter(match__card__promotion=promotion)
    sql, params = events.values("data").query.sql_with_params()
    # The ORM's SQL, with its values bound as parameters.
    if connection.vendor == "postgresql":
        query = (
            "SELECT r->>'die', (r->>'value')::int, COUNT(*) FROM ("  # noqa: S608  # nosec B608
            f"{sql}) e CROSS JOIN LATERAL jsonb_array_elements(e.data->'rolls') r GROUP BY 1, 2"
        )
    else:
        query = (
            "SELECT json_extract(r.value, '$.die'), json_extract(r.value, '$.value'), COUNT(*) FROM ("  # noqa: S608  # nosec B608
            f"{sql}) e, json_each(json_extract(e.data, '$.rolls')) r GROUP BY 1, 2"
        )
    counts = {}
    with connection.cursor() as cursor:
        cursor.execute(query, params)
        for die, face, n in cursor.fetchall():
            counts.setdefault(die, {})[int(face)] = n
    return counts


def sides_of(die):
    try:
        return int(str(die).lstrip("d"))
    except ValueError:
        return None


def chi_square(observed, sides):
    """Pearson's chi-square of ``observed`` ({face: count}) against a fair die; returns (statistic, df, p)."""
    total = sum(observed.values())
    expected = total / sides
    stat = sum((observed.get(face, 0) - expected) ** 2 / expected for face in range(1, sides + 1))
    df = sides - 1
    return stat, df, chi_square_survival(stat, df)


def chi_square_survival(x, df):
    """P(X >= x) for a chi-square variable with ``df`` degrees of freedom: the regularized upper incomplete gamma
    Q(df/2, x/2), by its series (x small) or continued fraction (x large), Numerical Recipes style."""
    a, x = df / 2.0, x / 2.0
    if x <= 0:
        return 1.0
    if x < a + 1:
        term = total = 1.0 / a
        n = a
        for _ in range(1000):
            n += 1
            term *= x / n
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(-x + a * math.log(x) - math.lgamma(a)))
    b = x + 1.0 - a
    c = 1.0 / 1e-300
    d = 1.0 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = 1e-300 if abs(d) < 1e-300 else d
        c = b + an / c
        c = 1e-300 if abs(c) < 1e-300 else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return min(1.0, math.exp(-x + a * math.log(x) - math.lgamma(a)) * h)


def fairness(promotion):
    """Rows for the dice page: die, rolls, each face's count and share, chi-square, p-value, a verdict."""
    rows = []
    for die, observed in sorted(roll_counts(promotion).items(), key=lambda kv: sides_of(kv[0]) or 0):
        sides = sides_of(die)
        if not sides or sides < 2:
            continue
        total = sum(observed.values())
        stat, df, p = chi_square(observed, sides)
        peak = max(observed.values())
        faces = []
        for f in range(1, sides + 1):
            height = round(100 * observed.get(f, 0) / peak) if peak else 0  # of the bar's 100 px
            faces.append({"face": f, "count": observed.get(f, 0), "height": height, "gap": 100 - height})
        enough = total >= 5 * sides  # the usual rule: at least 5 expected per face
        rows.append(
            {
                "die": die,
                "total": total,
                "faces": faces,
                "chi_square": stat,
                "df": df,
                "p": p,
                "enough": enough,
                "verdict": (
                    "not enough rolls yet"
                    if not enough
                    else "consistent with a fair die"
                    if p >= 0.01
                    else "suspicious (p < 0.01)"
                ),
            }
        )
    return rows
