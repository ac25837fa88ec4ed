#include "specname.h"

namespace tb {

bool checkSpecName(JsonReader &reader, const std::string &name, const std::string &path)
{
    if (!JsonReader::isIdentifier(name)) {
        reader.report(path, "'" + name +
                                "' is not a valid name (letters, digits and _, not starting "
                                "with a digit)");
        return false;
    }
    // `time` and `energy` are metric variables; _pi and _e are expression constants that would
    // shadow one.
    if (name == "time" || name == "energy" || name == "_pi" || name == "_e") {
        reader.report(path, "'" + name + "' is a reserved name");
        return false;
    }
    return true;
}

} // namespace tb
