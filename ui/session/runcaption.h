#pragma once

#include "tasks/runrecords.h"

#include <QString>

namespace tb {

// How the workbench names a stored run wherever runs are listed or picked (the Run page's
// selector, Compare Runs, the Results page, the Compare page): the same words as the CLI's
// `runs` and `compare`, so an imported run reads alike in both.

// The run's state as the CLI's `runs` names it: "finished", "interrupted", ...
QString runStateText(RunState state);

// The device the run names (its GPU model, "cpu ..."), or "device not recorded".
QString runDeviceText(const RunRecord &run);

// "imported from Kernel Tuner cache x.json.gz"; empty for a run Tunebench measured.
QString runOriginText(const RunRecord &run);

// One line per run: "Run 3 · sgemm · finished · 42 result(s) · 2024-05-01 12:30 · NVIDIA H100",
// then " · imported from ..." for an imported run.
QString runListText(const RunRecord &run);

// The line's tooltip: strategy, host and tool version of a native run; the file, its content
// hash and what its times mean for an imported one.
QString runToolTip(const RunRecord &run);

// Over an imported run's results: where they came from and what their figures are; empty for
// a native run.
QString importedRunNote(const RunRecord &run);

} // namespace tb
