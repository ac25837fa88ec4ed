#include "testpaths.h"

#include <QFile>
#include <QFileInfo>
#include <QIcon>
#include <QImage>
#include <QImageReader>
#include <QMap>
#include <QPixmap>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>
#include <QTextStream>

namespace {

QString appResource(const QString &name)
{
    return tbtest::sourceDir() + QStringLiteral("/resources/app/") + name;
}

// The [Desktop Entry] group of a .desktop file as key -> value (no locale variants).
QMap<QString, QString> desktopEntry(const QString &path)
{
    QMap<QString, QString> entry;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return entry;
    QTextStream in(&file);
    bool inGroup = false;
    while (!in.atEnd()) {
        const QString line = in.readLine().trimmed();
        if (line.startsWith(QLatin1Char('[')))
            inGroup = line == QLatin1String("[Desktop Entry]");
        else if (inGroup && line.contains(QLatin1Char('=')) && !line.startsWith('#'))
            entry.insert(line.section('=', 0, 0).trimmed(), line.section('=', 1).trimmed());
    }
    return entry;
}

} // namespace

class TestAppIdentity : public QObject
{
    Q_OBJECT
private slots:
    void svgImagePluginIsInstalled()
    {
        // libqt6svg6 (packaging/install-deps.sh): without it the icon is silently empty.
        QVERIFY2(QImageReader::supportedImageFormats().contains("svg"),
                 "the Qt SVG image plugin is missing: install libqt6svg6");
    }

    void iconRendersAtEverySize()
    {
        const QIcon icon(QStringLiteral(":/tunebench/tunebench.svg"));
        QVERIFY(!icon.isNull());
        for (const int size : {16, 32, 48, 64, 256}) {
            const QPixmap pixmap = icon.pixmap(size, size);
            QVERIFY2(!pixmap.isNull(), qPrintable(QString::number(size)));
            QCOMPARE(pixmap.width(), size);
            const QImage image = pixmap.toImage().convertToFormat(QImage::Format_ARGB32);
            // The rounded square leaves the very corner transparent; its top edge is the
            // icon's dark blue (#1f3b57), not an empty or black image.
            QCOMPARE(qAlpha(image.pixel(0, 0)), 0);
            const QColor top = image.pixelColor(size / 2, size * 5 / 64);
            QVERIFY2(std::abs(top.red() - 0x1f) < 12 && std::abs(top.green() - 0x3b) < 12 &&
                         std::abs(top.blue() - 0x57) < 12,
                     qPrintable(QStringLiteral("%1 px: %2").arg(size).arg(top.name())));
        }
    }

    void desktopFileHasTheRequiredFields()
    {
        const QMap<QString, QString> entry = desktopEntry(appResource("tunebench.desktop"));
        QCOMPARE(entry.value("Type"), QString("Application"));
        QCOMPARE(entry.value("Name"), QString("Tunebench"));
        QVERIFY(!entry.value("GenericName").isEmpty());
        QVERIFY(!entry.value("Comment").isEmpty());
        QCOMPARE(entry.value("Exec").section(' ', 0, 0), QString("tunebench"));
        // Icon names the installed share/icons/hicolor/scalable/apps/tunebench.svg.
        QCOMPARE(entry.value("Icon"), QString("tunebench"));
        QVERIFY(QFileInfo::exists(appResource(entry.value("Icon") + ".svg")));
        QVERIFY(entry.value("Categories").split(';', Qt::SkipEmptyParts).contains("Development"));
        QVERIFY(entry.value("Categories").endsWith(';'));
    }

    void desktopFileValidates()
    {
        const QString validator = QStandardPaths::findExecutable("desktop-file-validate");
        if (validator.isEmpty())
            QSKIP("desktop-file-validate not installed (desktop-file-utils)");
        QProcess process;
        process.setProcessChannelMode(QProcess::MergedChannels);
        process.start(validator, {appResource("tunebench.desktop")});
        QVERIFY(process.waitForFinished(10000));
        const QString output = QString::fromLocal8Bit(process.readAll());
        QVERIFY2(process.exitCode() == 0, qPrintable(output));
        QVERIFY2(output.trimmed().isEmpty(), qPrintable(output)); // no hints either
    }
};

QTEST_MAIN(TestAppIdentity)
#include "tst_appidentity.moc"
