#include "specdocument.h"

#include "speceditcommand.h"
#include "specvalidator.h"

#include <QDir>
#include <QFileInfo>
#include <QTimer>
#include <QUndoStack>

namespace tb {

namespace {

QString describe(const QString &verb, const QString &pointer)
{
    return QStringLiteral("%1 %2").arg(verb, pointer.mid(1));
}

} // namespace

SpecDocument::SpecDocument(QObject *parent)
    : QObject(parent), m_undoStack(new QUndoStack(this)), m_validationTimer(new QTimer(this)),
      m_validator(new SpecValidator(
          [this](SpecValidator::Outcome outcome) {
              finishValidation(outcome.generation, std::move(outcome.spec),
                               std::move(outcome.issues));
          },
          this))
{
    m_validationTimer->setSingleShot(true);
    m_validationTimer->setInterval(150);
    connect(m_validationTimer, &QTimer::timeout, this, &SpecDocument::startValidation);
    connect(m_undoStack, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modificationChanged(!clean); });
}

SpecDocument::~SpecDocument() = default;

void SpecDocument::reset(const SpecJson &json, const QString &path)
{
    m_json = json;
    m_file = SpecFile(); // a new document: formatted afresh when first saved
    m_errorString.clear();
    const bool pathChanged = path != m_filePath;
    m_filePath = path;
    m_undoStack->clear();
    ++m_generation;
    // Issues of the previous document name pointers that may not exist any more.
    const bool wasValid = isValid();
    m_issues.clear();
    m_spec.reset();
    if (pathChanged)
        emit filePathChanged(m_filePath);
    emit changed(QString());
    if (wasValid)
        emit validityChanged(false);
    m_validationTimer->stop();
    startValidation();
}

void SpecDocument::resetUnsaved(const SpecJson &json, const QString &path)
{
    reset(json, path);
    m_undoStack->resetClean(); // no state of the history is on disk
}

QString SpecDocument::baseDirectory() const
{
    return m_filePath.isEmpty() ? QDir::currentPath() : QFileInfo(m_filePath).absolutePath();
}

bool SpecDocument::isModified() const
{
    return !m_undoStack->isClean();
}

bool SpecDocument::contains(const QString &pointer) const
{
    return jsonpointer::find(m_json, pointer) != nullptr;
}

SpecJson SpecDocument::value(const QString &pointer) const
{
    const SpecJson *found = jsonpointer::find(m_json, pointer);
    return found ? *found : SpecJson();
}

bool SpecDocument::setValue(const QString &pointer, const SpecJson &value, Merge merge,
                            const QString &description)
{
    // Undo must also remove the objects this edit creates on the way: record the edit at the
    // highest missing ancestor.
    QString anchor = pointer;
    while (!jsonpointer::parent(anchor).isEmpty() && !contains(jsonpointer::parent(anchor)))
        anchor = jsonpointer::parent(anchor);
    SpecJson edited = m_json;
    if (pointer.isEmpty() || !jsonpointer::assign(edited, pointer, value))
        return false;
    const int session = merge == Merge::Typing ? m_typingSession : -1;
    return pushEdit(anchor, *jsonpointer::find(edited, anchor), session,
                    description.isEmpty() ? describe(tr("Edit"), pointer) : description);
}

bool SpecDocument::removeValue(const QString &pointer, Merge merge, const QString &description)
{
    if (pointer.isEmpty() || !contains(pointer))
        return false;
    const int session = merge == Merge::Typing ? m_typingSession : -1;
    const QString text = description.isEmpty() ? describe(tr("Remove"), pointer) : description;
    // Undo must put the key back where it was, not at the end of its object: record the edit
    // as one of the whole object.
    const QString parent = jsonpointer::parent(pointer);
    const SpecJson *container = jsonpointer::find(m_json, parent);
    if (container && container->is_object()) {
        SpecJson edited = *container;
        edited.erase(jsonpointer::tokens(pointer).constLast().toStdString());
        return pushEdit(parent, std::move(edited), session, text);
    }
    return pushEdit(pointer, std::nullopt, session, text);
}

bool SpecDocument::insertElement(const QString &arrayPointer, int index, const SpecJson &value,
                                 const QString &description)
{
    const QString text = description.isEmpty() ? describe(tr("Add to"), arrayPointer) : description;
    const SpecJson *array = jsonpointer::find(m_json, arrayPointer);
    if (!array && index == 0)
        return setValue(arrayPointer, SpecJson::array({value}), Merge::Separate, text);
    if (!array || !array->is_array() || index < 0 || index > int(array->size()))
        return false;
    SpecJson edited = *array;
    edited.insert(edited.begin() + index, value);
    return replaceArray(arrayPointer, std::move(edited), text);
}

bool SpecDocument::removeElement(const QString &arrayPointer, int index, const QString &description)
{
    const SpecJson *array = jsonpointer::find(m_json, arrayPointer);
    if (!array || !array->is_array() || index < 0 || index >= int(array->size()))
        return false;
    SpecJson edited = *array;
    edited.erase(edited.begin() + index);
    return replaceArray(arrayPointer, std::move(edited),
                        description.isEmpty() ? describe(tr("Remove from"), arrayPointer)
                                              : description);
}

bool SpecDocument::moveElement(const QString &arrayPointer, int from, int to,
                               const QString &description)
{
    const SpecJson *array = jsonpointer::find(m_json, arrayPointer);
    const int size = array && array->is_array() ? int(array->size()) : 0;
    if (from < 0 || from >= size || to < 0 || to >= size)
        return false;
    SpecJson edited = *array;
    SpecJson moving = edited[std::size_t(from)];
    edited.erase(edited.begin() + from);
    edited.insert(edited.begin() + to, std::move(moving));
    return replaceArray(arrayPointer, std::move(edited),
                        description.isEmpty() ? describe(tr("Move in"), arrayPointer)
                                              : description);
}

bool SpecDocument::replaceArray(const QString &arrayPointer, SpecJson array,
                                const QString &description)
{
    return pushEdit(arrayPointer, std::move(array), -1, description);
}

bool SpecDocument::pushEdit(const QString &pointer, std::optional<SpecJson> after,
                            int typingSession, const QString &description)
{
    const SpecJson *current = jsonpointer::find(m_json, pointer);
    std::optional<SpecJson> before = current ? std::optional<SpecJson>(*current) : std::nullopt;
    if (before == after)
        return true; // nothing changes: no undo step
    m_undoStack->push(new SpecEditCommand(this, pointer, std::move(before), std::move(after),
                                          typingSession, description));
    return true;
}

void SpecDocument::applyEdit(const QString &pointer, const std::optional<SpecJson> &value)
{
    const bool applied =
        value ? jsonpointer::assign(m_json, pointer, *value) : jsonpointer::erase(m_json, pointer);
    Q_ASSERT(applied); // commands replay on the exact state they were made for
    Q_UNUSED(applied);
    ++m_generation;
    emit changed(pointer);
    scheduleValidation();
}

bool SpecDocument::isValidationPending() const
{
    return m_validatedGeneration != m_generation;
}

std::optional<Spec> SpecDocument::spec() const
{
    return isValidationPending() ? std::nullopt : m_spec;
}

QStringList SpecDocument::errorsAt(const QString &pointer) const
{
    QStringList errors;
    for (const auto &issue : m_issues) {
        if (QString::fromStdString(issue.path) == pointer)
            errors << QString::fromStdString(issue.message);
    }
    return errors;
}

QStringList SpecDocument::errorsUnder(const QString &pointer) const
{
    QStringList errors;
    for (const auto &issue : m_issues) {
        const QString path = QString::fromStdString(issue.path);
        const QString message = QString::fromStdString(issue.message);
        if (path == pointer)
            errors << message;
        else if (jsonpointer::isUnder(path, pointer))
            errors << path.mid(pointer.size() + 1) + QStringLiteral(": ") + message;
    }
    return errors;
}

void SpecDocument::setValidationDelay(int milliseconds)
{
    m_validationTimer->setInterval(milliseconds);
}

void SpecDocument::scheduleValidation()
{
    m_validationTimer->start();
}

void SpecDocument::startValidation()
{
    m_validator->validate(m_generation,
                          m_json.dump(-1, ' ', false, SpecJson::error_handler_t::replace),
                          baseDirectory());
}

void SpecDocument::finishValidation(quint64 generation, std::optional<Spec> spec,
                                    std::vector<SpecIssue> issues)
{
    if (generation != m_generation)
        return; // the document changed meanwhile: a newer validation is on its way
    const bool wasValid = isValid();
    m_validatedGeneration = generation;
    m_spec = std::move(spec);
    m_issues = std::move(issues);
    emit validated();
    if (wasValid != isValid())
        emit validityChanged(isValid());
}

bool SpecDocument::load(const QString &path)
{
    SpecFile file;
    QString error;
    if (!file.read(path, &error))
        return fail(error);
    reset(file.json(), QFileInfo(path).absoluteFilePath());
    m_file = std::move(file);
    return true;
}

bool SpecDocument::save()
{
    if (m_filePath.isEmpty())
        return fail(tr("The spec has no file name yet: use Save As"));
    return saveAs(m_filePath);
}

bool SpecDocument::saveAs(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QString error;
    if (!m_file.write(absolute, m_json, &error))
        return fail(error);
    m_errorString.clear();
    m_undoStack->setClean();
    if (absolute != m_filePath) {
        m_filePath = absolute;
        emit filePathChanged(m_filePath);
        ++m_generation; // relative kernel paths now resolve elsewhere
        scheduleValidation();
    }
    return true;
}

bool SpecDocument::fail(const QString &message)
{
    m_errorString = message;
    return false;
}

} // namespace tb
