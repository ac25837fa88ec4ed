#pragma once

// Variants of the bundled examples for tests that need a smaller grid, fewer samples or other
// settings: the example's spec with some fields set, its kernel source still the example's own
// file.
#include "testpaths.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

namespace tbtest {

// Writes resources/examples/<example>/<example>.json into `dir` as `fileName` with the fields
// of `overrides` set: an object (e.g. "measurement") sets its keys in the example's object of
// that name and keeps the others; any other value replaces the example's. Returns the path, or
// "" when a file could not be read or written.
inline QString writeExampleVariant(const QString &example, const QJsonObject &overrides,
                                   const QString &dir, const QString &fileName)
{
    const QString folder = sourceDir() + "/resources/examples/" + example + "/";
    QFile in(folder + example + ".json");
    if (!in.open(QIODevice::ReadOnly))
        return {};
    QJsonObject spec = QJsonDocument::fromJson(in.readAll()).object();
    QJsonObject kernel = spec.value("kernel").toObject();
    kernel.insert("source", folder + kernel.value("source").toString());
    spec.insert("kernel", kernel);
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
    const QString path = dir + "/" + fileName;
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return {};
    out.write(QJsonDocument(spec).toJson());
    return path;
}

} // namespace tbtest
