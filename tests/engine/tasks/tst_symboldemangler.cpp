#include "tasks/symboldemangler.h"

#include <QTest>

using namespace tb;

// Mangled names in PTX and SASS get their C++ names beside them (issue 21, item 5).
class TestSymbolDemangler : public QObject
{
    Q_OBJECT
private slots:
    void demanglesATemplateInstance()
    {
        QCOMPARE(demangledName("_Z1kILi4EEvPf"), std::string("void k<4>(float*)"));
        QCOMPARE(demangledName("_Z4axpyfPKfPf"), std::string("axpy(float, float const*, float*)"));
    }

    void leavesWhatIsNotAMangledNameAlone()
    {
        QCOMPARE(demangledName("copy_scale"), std::string("copy_scale"));
        QCOMPARE(demangledName("_Z1kPf_param_0"), std::string("_Z1kPf_param_0"));
        QCOMPARE(demangledName(""), std::string());
    }

    void annotatesLinesThatNameSymbols()
    {
        const std::string listing = ".text._Z1kILi4EEvPf:\n"
                                    "        .type           _Z1kILi4EEvPf,@function\n"
                                    "        /*0000*/   EXIT ;\n"
                                    "\tld.param.u64 %rd1, [_Z1kILi4EEvPf_param_0];\n"
                                    "call _Z1fv, _Z1gv;\n"
                                    "x_Z1fv\n";
        const std::string expected = ".text._Z1kILi4EEvPf:  // void k<4>(float*)\n"
                                     "        .type           _Z1kILi4EEvPf,@function  // void "
                                     "k<4>(float*)\n"
                                     "        /*0000*/   EXIT ;\n"
                                     "\tld.param.u64 %rd1, [_Z1kILi4EEvPf_param_0];\n"
                                     "call _Z1fv, _Z1gv;  // f(); g()\n"
                                     "x_Z1fv\n";
        QCOMPARE(withDemangledNames(listing), expected);
    }

    void namesASymbolOncePerLine()
    {
        QCOMPARE(withDemangledNames(".size _Z1fv,(.L_x_1 - _Z1fv)"),
                 std::string(".size _Z1fv,(.L_x_1 - _Z1fv)  // f()\n"));
    }
};

QTEST_APPLESS_MAIN(TestSymbolDemangler)
#include "tst_symboldemangler.moc"
