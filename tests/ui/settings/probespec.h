#pragma once

#include <QDir>
#include <QFile>
#include <QString>

// A small CPU spec written into a test's folder: kernel file probe.c, parameter P (1, 2, 3),
// one problem size and no "measurement" block, so every measurement field is a default.
namespace tbtest {

inline bool writeText(const QString &path, const QByteArray &text)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text) == text.size();
}

// The spec's path, or "" when it could not be written.
inline QString writeProbeSpec(const QString &directory)
{
    QDir().mkpath(directory);
    const QDir dir(directory);
    const QByteArray kernel = "void probe(float *a, int n)\n"
                              "{\n"
                              "    for (int i = 0; i < n; ++i)\n"
                              "        a[i] = (float)(P * i);\n"
                              "}\n";
    const QByteArray spec = R"({
  "tunebench_spec": 1,
  "name": "probe",
  "backend": "cpu",
  "kernel": {"source": "probe.c", "entry": "probe", "language": "c"},
  "parameters": [{"name": "P", "values": [1, 2, 3]}],
  "problem_sizes": [{"N": 256}],
  "arguments": [
    {"name": "a", "kind": "buffer", "type": "float32", "size": "N", "output": true},
    {"name": "n", "kind": "scalar", "type": "int32", "value": "N"}
  ]
}
)";
    if (!writeText(dir.filePath(QStringLiteral("probe.c")), kernel) ||
        !writeText(dir.filePath(QStringLiteral("probe.json")), spec))
        return {};
    return dir.filePath(QStringLiteral("probe.json"));
}

} // namespace tbtest
