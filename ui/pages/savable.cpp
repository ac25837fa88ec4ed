#include "savable.h"

namespace tb {

// Out of line: the vtable lives in one translation unit.
Savable::~Savable() = default;

} // namespace tb
