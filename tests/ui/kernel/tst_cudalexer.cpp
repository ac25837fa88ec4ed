#include "kernel/cudalexer.h"

#include <QTest>

using namespace tb;

class TestCudaLexer : public QObject
{
    Q_OBJECT
private slots:
    void addsCudaWordsAsKeywordSet2()
    {
        CudaLexer lexer;
        QsciLexerCPP cpp;
        const QStringList words = QString::fromLatin1(lexer.keywords(2)).split(QLatin1Char(' '));
        for (const char *word :
             {"__global__", "__shared__", "__device__", "threadIdx", "blockIdx", "blockDim",
              "gridDim", "__syncthreads", "__launch_bounds__", "float4", "atomicAdd"})
            QVERIFY2(words.contains(QLatin1String(word)), word);
        // The C++ keywords stay as they are.
        QCOMPARE(QByteArray(lexer.keywords(1)), QByteArray(cpp.keywords(1)));
        QVERIFY(QByteArray(lexer.keywords(1)).contains("template"));
        QCOMPARE(QByteArray(lexer.language()), QByteArray("CUDA"));
        // Set 2 has its own colour, unlike the plain C++ lexer's default.
        QVERIFY(lexer.color(QsciLexerCPP::KeywordSet2) != cpp.color(QsciLexerCPP::KeywordSet2));
    }
};

QTEST_MAIN(TestCudaLexer)
#include "tst_cudalexer.moc"
