#pragma once

#include "fieldcodec.h"

#include <QString>

class QFormLayout;

namespace tb {

class JsonComboField;
class JsonField;
class SpecDocument;

// Builds the form rows of the spec editor's sections: a label, the bound field, its help as
// tooltip and an object name for tests and screenshots.
namespace formrows {

struct Row
{
    QString label;
    QString pointer;
    QString help;
    QString defaultText; // empty: the field is required; else optional, this is the placeholder
};

JsonField *addField(QFormLayout *form, SpecDocument *document, FieldCodec::Kind kind,
                    const Row &row);
JsonComboField *addCombo(QFormLayout *form, SpecDocument *document, const QStringList &choices,
                         const Row &row);

} // namespace formrows
} // namespace tb
