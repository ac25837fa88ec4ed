#include "buildinfo.h"

namespace tb {

QString tunebenchVersion()
{
    return QStringLiteral(TUNEBENCH_VERSION);
}

QString tunebenchCommit()
{
    return QStringLiteral(TUNEBENCH_COMMIT);
}

} // namespace tb
