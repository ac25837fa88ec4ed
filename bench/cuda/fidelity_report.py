"""Markdown report of timing_fidelity.py's rows: medians of per-process medians, the spread
across processes, and the spin kernel as a third reference (ncu's fixed offset)."""
import statistics


def fmt(seconds):
    return f"{seconds * 1e6:.2f} us"


def spread(values):
    """(max - min) / median of one instrument's per-process medians of a config."""
    return (max(values) - min(values)) / statistics.median(values) if len(values) > 1 else 0.0


def spin_cycles(key):
    return float(key.split(",")[0].split("=")[1]) if key.startswith("CYCLES=") else None


def summarise(row):
    tb, ncu = statistics.median(row["tb"]), statistics.median(row["ncu"])
    events = statistics.median(row["events"])
    effective = [m for m in row.get("sm_clock_effective_mhz", []) if m > 0]
    return dict(row, tb_m=tb, ncu_m=ncu, events_m=events, tb_spread=spread(row["tb"]),
                ncu_spread=spread(row["ncu"]), clock=statistics.median(row["sm_clock_mhz"]),
                effective=effective)


def effective_clock(row):
    """The SM clock the timer saw in each Tunebench process (SmClockProbe), as a range."""
    values = row["effective"]
    if not values:
        return "-"
    low, high = min(values), max(values)
    return f"{low:.1f}" if high - low < 0.05 else f"{low:.1f}-{high:.1f}"


def fit_line(xs, ys):
    """Least-squares (intercept, slope) of ys over xs."""
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    return my - slope * mx, slope


def write_main_table(out, rows):
    out.write("| kernel | size | config | ncu | Tunebench | vs ncu | events | events vs ncu "
              "| Tunebench across processes | ncu across processes | timer | timer under ncu "
              "| SM MHz | effective SM MHz | throttled |\n" + "|" + " --- |" * 15 + "\n")
    for r in rows:
        out.write(f"| {r['kernel']} | {r['size']} | {r['key']} | {fmt(r['ncu_m'])} "
                  f"| {fmt(r['tb_m'])} | {100 * (r['tb_m'] / r['ncu_m'] - 1):+.2f}% "
                  f"| {fmt(r['events_m'])} | {100 * (r['events_m'] / r['ncu_m'] - 1):+.2f}% "
                  f"| {100 * r['tb_spread']:.2f}% | {100 * r['ncu_spread']:.2f}% | {r['timer']} "
                  f"| {r['timer_under_ncu']} | {r['clock']:g} | {effective_clock(r)} "
                  f"| {r['throttled']:g} |\n")


def write_targets(out, rows, offset, label):
    for name, chosen, target in (
            ("kernels >= 20 us", [r for r in rows if r["ncu_m"] >= 20e-6], 0.5),
            ("kernels < 20 us", [r for r in rows if r["ncu_m"] < 20e-6], 2)):
        if chosen:
            worst = max(chosen, key=lambda r: abs(r["tb_m"] / (r["ncu_m"] - offset) - 1))
            value = 100 * abs(worst["tb_m"] / (worst["ncu_m"] - offset) - 1)
            out.write(f"- {label}, {name}: {len(chosen)} configs, max deviation {value:.2f}% "
                      f"(target {target}%; worst {worst['kernel']} {worst['size']} "
                      f"{worst['key']})\n")


def write_third_reference(out, rows, spins):
    xs = [spin_cycles(r["key"]) for r in spins]
    tb_fixed, tb_period = fit_line(xs, [r["tb_m"] for r in spins])
    ncu_fixed, ncu_period = fit_line(xs, [r["ncu_m"] for r in spins])
    offset = ncu_fixed - tb_fixed
    out.write("\nThird reference: a kernel that spins CYCLES SM cycles (bench/cuda/specs/spin). "
              "Each instrument's times over the cycle count fit a line. Its slope is the SM "
              f"clock (Tunebench {1e-6 / tb_period:.1f} MHz, ncu {1e-6 / ncu_period:.1f} MHz). "
              "Its intercept is what the instrument adds to the spinning: Tunebench "
              f"{fmt(tb_fixed)}, ncu {fmt(ncu_fixed)}. ncu's gpu__time_duration carries "
              f"{fmt(offset)} more, fixed, whatever the kernel. \"vs ncu - offset\" takes it "
              "out.\n\n"
              "| kernel | size | config | ncu - offset | Tunebench | vs ncu - offset |\n"
              + "|" + " --- |" * 6 + "\n")
    for r in rows:
        corrected = r["ncu_m"] - offset
        out.write(f"| {r['kernel']} | {r['size']} | {r['key']} | {fmt(corrected)} "
                  f"| {fmt(r['tb_m'])} | {100 * (r['tb_m'] / corrected - 1):+.2f}% |\n")
    return offset


def write_report(out, raw_rows, wall):
    rows = [summarise(r) for r in raw_rows]
    rounds = min(len(r["tb"]) for r in rows)
    out.write(f"Per config: {rounds} Tunebench and {rounds} ncu processes, interleaved; figures "
              "are medians of the processes' medians.\n\n")
    write_main_table(out, rows)
    out.write("\n")
    write_targets(out, rows, 0.0, "Tunebench vs ncu")
    worst = max(rows, key=lambda r: r["tb_spread"])
    out.write(f"- Tunebench across processes (run-to-run): max {100 * worst['tb_spread']:.2f}% "
              f"(target 0.5%; {worst['kernel']} {worst['size']} {worst['key']}); ncu's own: max "
              f"{100 * max(r['ncu_spread'] for r in rows):.2f}%\n")
    samples = [n for r in raw_rows for n in r.get("tb_samples", [])]
    if samples:
        out.write(f"- Samples per Tunebench process: {min(samples)}-{max(samples)} (median "
                  f"{statistics.median(samples):g})\n")
    effective = [m for r in rows for m in r["effective"]]
    if effective:
        out.write(f"- SM clock as the GPU's timer saw it, over every Tunebench process: "
                  f"{min(effective):.1f}-{max(effective):.1f} MHz (NVML: "
                  f"{min(r['clock'] for r in rows):g}-{max(r['clock'] for r in rows):g} MHz)\n")
    spins = [r for r in rows if spin_cycles(r["key"])]
    if len({spin_cycles(r["key"]) for r in spins}) >= 2:
        offset = write_third_reference(out, rows, spins)
        out.write("\n")
        write_targets(out, rows, offset, "Tunebench vs ncu - offset")
    if wall is not None:
        out.write(f"\nWall time of the benchmark: {wall:.0f} s\n")
