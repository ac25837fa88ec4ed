#pragma once

#include "jsonpointer.h"
#include "model/spec.h"
#include "spec/specissue.h"
#include "specfile.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

class QTimer;
class QUndoStack;

namespace tb {

class SpecValidator;

// The spec being edited: its JSON exactly as the user wrote it (key order and unknown fields
// kept), its file, its undo history and its validation.
//
// Every edit is an undoable command on undoStack(). After each edit, and after a short quiet
// period, the document is validated by the engine's SpecLoader on a worker thread; the issues
// come back as JSON pointers so each field can show its own error (errorsAt / errorsUnder).
// Nothing here blocks the GUI thread on engine work; load and save are plain file I/O
// (SpecFile).
class SpecDocument : public QObject
{
    Q_OBJECT
public:
    // How an edit joins the undo history: Typing merges with the previous Typing edit of the
    // same field until endTyping() (an editor calls it when the field loses focus).
    enum class Merge
    {
        Separate,
        Typing
    };

    explicit SpecDocument(QObject *parent = nullptr);
    ~SpecDocument() override;

    // Replaces the document with the file's JSON and clears the history. On failure (file
    // unreadable, not JSON: "line L, column C", not an object) the document is unchanged and
    // errorString() says why.
    bool load(const QString &path);
    // Replaces the document with `json` (e.g. a new spec); `path` may be empty (untitled).
    void reset(const SpecJson &json, const QString &path = {});
    // reset(), and the document is modified: a spec made here that `path` does not hold yet
    // (File > New spec from kernel...); save() writes it there.
    void resetUnsaved(const SpecJson &json, const QString &path);
    // Written atomically (temporary file + rename): on failure the file on disk is untouched
    // and errorString() names the path and the reason. The text keeps the user's formatting:
    // only the values edited since the file was read are rewritten (patchJsonText).
    bool save();
    bool saveAs(const QString &path);
    QString errorString() const { return m_errorString; }

    QString filePath() const { return m_filePath; }
    // Kernel paths in the spec resolve against this directory (the current one when untitled).
    QString baseDirectory() const;
    bool isModified() const;
    QUndoStack *undoStack() const { return m_undoStack; }

    const SpecJson &json() const { return m_json; }
    bool contains(const QString &pointer) const;
    // The value at `pointer`, or null when there is none.
    SpecJson value(const QString &pointer) const;

    // Edits; each is one undoable step (none when the value does not change). setValue creates
    // missing objects on the way; it and the element edits return false, changing nothing, when
    // the pointer cannot be written (an ancestor is not an object, an index is out of range).
    bool setValue(const QString &pointer, const SpecJson &value, Merge merge = Merge::Separate,
                  const QString &description = {});
    bool removeValue(const QString &pointer, Merge merge = Merge::Separate,
                     const QString &description = {});
    // An array that does not exist yet is created by inserting at 0.
    bool insertElement(const QString &arrayPointer, int index, const SpecJson &value,
                       const QString &description = {});
    bool removeElement(const QString &arrayPointer, int index, const QString &description = {});
    bool moveElement(const QString &arrayPointer, int from, int to,
                     const QString &description = {});
    void endTyping() { ++m_typingSession; }

    // Validation. isValid() is the verdict of the last finished validation; while one is
    // pending (isValidationPending) spec() is empty even for a valid document, so a caller
    // never runs a spec older than the text on screen.
    bool isValid() const { return m_spec.has_value(); }
    bool isValidationPending() const;
    std::optional<Spec> spec() const;
    const std::vector<SpecIssue> &issues() const { return m_issues; }
    // Issue messages at exactly `pointer`, or at it and anything below it.
    QStringList errorsAt(const QString &pointer) const;
    QStringList errorsUnder(const QString &pointer) const;
    // Quiet period after an edit before validating (default 150 ms).
    void setValidationDelay(int milliseconds);

signals:
    // The value at `pointer` (and everything below it) changed; "" means the whole document.
    void changed(const QString &pointer);
    // A validation finished; issues() and spec() are its result.
    void validated();
    void validityChanged(bool valid);
    void modificationChanged(bool modified);
    void filePathChanged(const QString &path);

private:
    friend class SpecEditCommand;
    void applyEdit(const QString &pointer, const std::optional<SpecJson> &value);
    bool pushEdit(const QString &pointer, std::optional<SpecJson> after, int typingSession,
                  const QString &description);
    bool replaceArray(const QString &arrayPointer, SpecJson array, const QString &description);
    void scheduleValidation();
    void startValidation();
    void finishValidation(quint64 generation, std::optional<Spec> spec,
                          std::vector<SpecIssue> issues);
    bool fail(const QString &message);

    SpecJson m_json = SpecJson::object();
    QString m_filePath;
    SpecFile m_file; // as last read or written: what a save patches
    QString m_errorString;
    QUndoStack *m_undoStack;
    int m_typingSession = 0;

    QTimer *m_validationTimer;
    SpecValidator *m_validator;
    quint64 m_generation = 0;          // bumped by every change of m_json
    quint64 m_validatedGeneration = 0; // the generation issues() and spec() describe
    std::optional<Spec> m_spec;
    std::vector<SpecIssue> m_issues;
};

} // namespace tb
