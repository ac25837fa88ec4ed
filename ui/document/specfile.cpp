#include "specfile.h"

#include "jsontextpatch.h"
#include "model/userfile.h"
#include "spec/jsonformat.h"

#include <QFileInfo>
#include <QRegularExpression>
#include <QSaveFile>

namespace tb {

namespace {

// nlohmann says "[json.exception.parse_error.101] parse error at line 3, column 5: syntax
// error while parsing value - invalid literal; last read: 'x'": keep the position and the
// reason, drop the library's tag.
QString parseErrorText(const SpecJson::parse_error &error)
{
    const QString what = QString::fromUtf8(error.what());
    static const QRegularExpression position(QStringLiteral("line (\\d+), column (\\d+): (.*)$"));
    const auto match = position.match(what);
    if (match.hasMatch())
        return QObject::tr("line %1, column %2: %3")
            .arg(match.captured(1), match.captured(2), match.captured(3));
    const auto tagEnd = what.indexOf(QLatin1String("] "));
    return QObject::tr("byte %1: %2").arg(error.byte).arg(what.mid(tagEnd + 2));
}

} // namespace

bool SpecFile::read(const QString &path, QString *error)
{
    const auto fail = [error](const QString &message) {
        *error = message;
        return false;
    };
    if (QFileInfo(path).isDir())
        return fail(tr("Cannot open '%1': it is a directory").arg(path));
    // As the engine reads a spec: a device or a FIFO is refused unread, a file over the limit
    // too (QFile::readAll of /dev/zero ran out of memory, a FIFO blocked the window).
    const auto text = readUserFile(path.toStdString(), "spec file", kMaxSpecFileBytes);
    if (!text)
        return fail(QString::fromStdString(text.error().toString()));
    const QByteArray bytes = QByteArray::fromStdString(*text);
    SpecJson json;
    try {
        json = SpecJson::parse(bytes.begin(), bytes.end());
    } catch (const SpecJson::parse_error &parseError) {
        return fail(tr("'%1' is not valid JSON: %2").arg(path, parseErrorText(parseError)));
    } catch (const SpecJson::exception &jsonError) { // a number beyond a double (1e777)
        const QString what = QString::fromUtf8(jsonError.what());
        return fail(tr("'%1' is not valid JSON: %2")
                        .arg(path, what.mid(what.indexOf(QLatin1String("] ")) + 2)));
    }
    if (!json.is_object())
        return fail(tr("'%1' is not a spec: expected a JSON object ({ ... }), found %2")
                        .arg(path, QString::fromUtf8(json.type_name())));
    m_text = bytes.toStdString();
    m_json = std::move(json);
    return true;
}

bool SpecFile::write(const QString &absolutePath, const SpecJson &json, QString *error)
{
    const auto fail = [error](const QString &message) {
        *error = message;
        return false;
    };
    // QSaveFile writes a temporary file and renames it over the target on commit(). Unbuffered,
    // so that a short write (disk full, file size limit) is seen here, before the commit: a
    // buffered one can reach the rename with part of the text missing.
    QSaveFile file(absolutePath);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return fail(tr("Cannot save '%1': %2").arg(absolutePath, file.errorString()));
    const std::string text =
        m_text.empty() ? formatJson(json) : patchJsonText(m_text, m_json, json);
    for (std::size_t written = 0; written < text.size();) {
        const qint64 count = file.write(text.data() + written, qint64(text.size() - written));
        if (count <= 0) {
            const QString reason =
                file.errorString().isEmpty() ? tr("the write failed") : file.errorString();
            file.cancelWriting(); // the target stays as it was
            return fail(tr("Cannot save '%1': %2").arg(absolutePath, reason));
        }
        written += std::size_t(count);
    }
    if (!file.commit())
        return fail(tr("Cannot save '%1': %2").arg(absolutePath, file.errorString()));
    m_text = text;
    m_json = json;
    return true;
}

} // namespace tb
