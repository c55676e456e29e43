# TEMPORARY STUB (not committed)
def positions(n):
    if n == 2: return ["BB", "BTN"]
    mid = n - 3
    names = ["CO", "HJ", "LJ"][:mid][::-1] if mid < 3 else ["UTG"] + [f"UTG+{k}" for k in range(1, mid - 3)] + ["LJ", "HJ", "CO"]
    if mid == 3: names = ["UTG", "HJ", "CO"]
    return ["SB", "BB", *names, "BTN"]
