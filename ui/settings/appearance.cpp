#include "appearance.h"

#include <QApplication>
#include <QStyle>

namespace tb {

namespace {

const QString kFusion = QStringLiteral("fusion");

Appearance g_current = Appearance::System;

QString &platformStyleName()
{
    static QString name;
    return name;
}

void useStyle(const QString &name)
{
    if (QApplication::style()->name().compare(name, Qt::CaseInsensitive) != 0)
        QApplication::setStyle(name);
}

} // namespace

QString appearanceName(Appearance appearance)
{
    switch (appearance) {
    case Appearance::Light:
        return QStringLiteral("light");
    case Appearance::Dark:
        return QStringLiteral("dark");
    case Appearance::System:
        break;
    }
    return QStringLiteral("system");
}

Appearance appearanceFromName(const QString &name, Appearance fallback)
{
    for (const Appearance appearance : {Appearance::System, Appearance::Light, Appearance::Dark})
        if (name.compare(appearanceName(appearance), Qt::CaseInsensitive) == 0)
            return appearance;
    return fallback;
}

void applyAppearance(Appearance appearance)
{
    if (platformStyleName().isEmpty())
        platformStyleName() = QApplication::style()->name();
    g_current = appearance;
    if (appearance == Appearance::System) {
        useStyle(platformStyleName());
        // A palette that sets no role resolves every role against the platform theme's.
        QApplication::setPalette(QPalette());
        return;
    }
    useStyle(kFusion);
    QApplication::setPalette(
        appearance == Appearance::Dark ? darkPalette() : QApplication::style()->standardPalette());
}

Appearance currentAppearance()
{
    return g_current;
}

QPalette darkPalette()
{
    const QColor window(0x35, 0x35, 0x35);
    const QColor base(0x25, 0x25, 0x26);
    const QColor text(0xe8, 0xe8, 0xe8);
    const QColor disabled(0x80, 0x80, 0x80);
    const QColor highlight(0x2a, 0x82, 0xda);
    QPalette palette;
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::AlternateBase, QColor(0x2f, 0x2f, 0x30));
    palette.setColor(QPalette::ToolTipBase, QColor(0x45, 0x45, 0x45));
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::PlaceholderText, disabled);
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, window);
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::BrightText, QColor(0xff, 0x5a, 0x5a));
    palette.setColor(QPalette::Light, QColor(0x4a, 0x4a, 0x4a));
    palette.setColor(QPalette::Midlight, QColor(0x40, 0x40, 0x40));
    palette.setColor(QPalette::Mid, QColor(0x5a, 0x5a, 0x5a));
    palette.setColor(QPalette::Dark, QColor(0x23, 0x23, 0x23));
    palette.setColor(QPalette::Shadow, QColor(0x14, 0x14, 0x14));
    palette.setColor(QPalette::Highlight, highlight);
    palette.setColor(QPalette::HighlightedText, Qt::white);
    palette.setColor(QPalette::Link, QColor(0x5d, 0xa9, 0xf0));
    palette.setColor(QPalette::LinkVisited, QColor(0xa0, 0x80, 0xe0));
    for (const auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        palette.setColor(QPalette::Disabled, role, disabled);
    palette.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x50, 0x50, 0x50));
    return palette;
}

} // namespace tb
