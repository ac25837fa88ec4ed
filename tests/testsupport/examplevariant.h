#pragma once

// Variants of the bundled examples and test specs for tests that need a smaller grid, fewer
// samples or other settings: the spec with some fields changed, its kernel source still the
// original file.
#include "testpaths.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

#include <functional>

namespace tbtest {

// Sets the fields of `overrides` in `spec`: an object (e.g. "measurement") sets its keys in the
// spec's object of that name and keeps the others; any other value replaces the spec's.
inline void applyOverrides(QJsonObject &spec, const QJsonObject &overrides)
{
    for (auto field = overrides.begin(); field != overrides.end(); ++field) {
        if (!field.value().isObject()) {
            spec.insert(field.key(), field.value());
            continue;
        }
        QJsonObject merged = spec.value(field.key()).toObject();
        const QJsonObject set = field.value().toObject();
        for (auto key = set.begin(); key != set.end(); ++key)
            merged.insert(key.key(), key.value());
        spec.insert(field.key(), merged);
    }
}

// Writes the spec at `specPath` (relative to the source tree) into `dir` as `fileName`, its
// kernel.source made absolute, after `edit` changed it. Returns the path, or "" when a file
// could not be read or written.
inline QString writeSpecVariant(const QString &specPath,
                                const std::function<void(QJsonObject &)> &edit, const QString &dir,
                                const QString &fileName)
{
    const QString original = sourceDir() + "/" + specPath;
    QFile in(original);
    if (!in.open(QIODevice::ReadOnly))
        return {};
    QJsonObject spec = QJsonDocument::fromJson(in.readAll()).object();
    QJsonObject kernel = spec.value("kernel").toObject();
    if (kernel.contains("source"))
        kernel.insert("source",
                      QFileInfo(original).absolutePath() + "/" + kernel.value("source").toString());
    spec.insert("kernel", kernel);
    if (edit)
        edit(spec);
    const QString path = dir + "/" + fileName;
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return {};
    out.write(QJsonDocument(spec).toJson());
    return path;
}

// Writes resources/examples/<example>/<example>.json into `dir` as `fileName` with the fields
// of `overrides` set (applyOverrides).
inline QString writeExampleVariant(const QString &example, const QJsonObject &overrides,
                                   const QString &dir, const QString &fileName)
{
    return writeSpecVariant(
        "resources/examples/" + example + "/" + example + ".json",
        [&overrides](QJsonObject &spec) { applyOverrides(spec, overrides); }, dir, fileName);
}

} // namespace tbtest
