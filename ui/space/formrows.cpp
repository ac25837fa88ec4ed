#include "formrows.h"

#include "fieldlineedit.h"
#include "jsoncombofield.h"
#include "jsonfield.h"

#include <QComboBox>
#include <QFormLayout>

namespace tb::formrows {

namespace {

QString objectNameOf(const QString &pointer)
{
    return pointer.mid(1).replace(QLatin1Char('/'), QLatin1Char('_'));
}

} // namespace

JsonField *addField(QFormLayout *form, SpecDocument *document, FieldCodec::Kind kind,
                    const Row &row)
{
    auto *field = new JsonField(document, kind, form->parentWidget());
    field->setObjectName(objectNameOf(row.pointer));
    if (!row.defaultText.isEmpty())
        field->setOptional(row.defaultText);
    field->setHelp(row.help);
    field->setPointer(row.pointer);
    form->addRow(row.label, field);
    return field;
}

JsonComboField *addCombo(QFormLayout *form, SpecDocument *document, const QStringList &choices,
                         const Row &row)
{
    auto *combo = new JsonComboField(document, form->parentWidget());
    combo->setObjectName(objectNameOf(row.pointer));
    combo->setChoices(choices);
    if (!row.defaultText.isEmpty())
        combo->setDefault(row.defaultText.toStdString());
    combo->setPointer(row.pointer);
    combo->setHelp(row.help); // refresh() would replace a tool tip set before it
    form->addRow(row.label, combo);
    return combo;
}

} // namespace tb::formrows
