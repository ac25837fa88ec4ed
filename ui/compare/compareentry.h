#pragma once

#include "run/sessionevents.h"

#include <QMetaType>
#include <QString>

namespace tb {

// One result to compare: a snapshot of its event and a caption that tells the user which run
// and configuration it is ("run 3: BM=64 BN=32"). Entries may come from different runs and
// problem sizes; sizeLabel ("N=512") is shown as its own row when any entry has one.
struct CompareEntry
{
    QString caption;
    ResultEvent event;
    QString sizeLabel;
};

} // namespace tb

Q_DECLARE_METATYPE(tb::CompareEntry)
