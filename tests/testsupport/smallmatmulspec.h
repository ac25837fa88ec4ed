#pragma once

// The bundled CPU matmul example, cut down for a GUI test: 4 random configurations per size,
// few samples, so a real run with real workers takes a second or two.
#include "testpaths.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

namespace tbtest {

// Writes matmul_small.json into dir (its kernel source stays the example's); empty on failure.
inline QString writeSmallMatmulSpec(const QString &dir)
{
    const QString example = tbtest::sourceDir() + "/resources/examples/matmul/";
    QFile in(example + "matmul.json");
    if (!in.open(QIODevice::ReadOnly))
        return {};
    QJsonObject spec = QJsonDocument::fromJson(in.readAll()).object();
    QJsonObject kernel = spec.value("kernel").toObject();
    kernel.insert("source", example + "matmul.c");
    spec.insert("kernel", kernel);
    spec.insert("strategy", QJsonObject{{"name", "random"}, {"max_configs", 4}, {"seed", 7}});
    spec.insert("measurement", QJsonObject{{"warmup_runs", 1},
                                           {"min_samples", 3},
                                           {"max_samples", 5},
                                           {"max_seconds_per_config", 0.2},
                                           {"timeout_seconds", 20}});
    const QString path = dir + "/matmul_small.json";
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return {};
    out.write(QJsonDocument(spec).toJson());
    return path;
}

} // namespace tbtest
