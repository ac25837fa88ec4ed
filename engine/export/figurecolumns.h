#pragma once

#include <string>
#include <vector>

namespace tb {

// The column name, with its unit, of a backend figure (Result::resources key) in a table meant
// for other tools (CSV): "spill_stores" -> "spill_stores_bytes", "occupancy" ->
// "occupancy_fraction". Keys already carrying a unit ("sm_clock_mhz", "event_median_s") and
// counts ("threads_per_block") keep their name; a key no declaration knows is kept as is.
// Both read the declarations (model/resultfigure.h).
std::string figureColumnName(const std::string &key);

// The keys in the order their columns appear: the figures with a fixed column in their
// declared order (resources, then clocks and timing details, then flags), then any others
// sorted by name.
std::vector<std::string> orderFigureKeys(const std::vector<std::string> &keys);

} // namespace tb
