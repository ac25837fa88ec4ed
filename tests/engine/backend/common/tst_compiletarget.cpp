#include "backend/common/compiletarget.h"

#include <QTest>

using namespace tb;

// The one rule for the CUDA compile target that the CLI, the workbench's runs and its Kernel
// page share (issue 18, item 5).
class TestCompileTarget : public QObject
{
    Q_OBJECT
private:
    static CompileTargetInputs hopperMachine()
    {
        CompileTargetInputs inputs;
        inputs.specArch = "sm_80";
        inputs.gpuArch = "sm_90";
        inputs.gpuName = "NVIDIA H100";
        return inputs;
    }

private slots:
    void theUsersChoiceWinsOverEverything()
    {
        CompileTargetInputs inputs = hopperMachine();
        inputs.measuring = true;
        inputs.chosen = "sm_120";
        inputs.chosenBy = "--arch";
        const CompileTarget target = chooseCompileTarget(inputs);
        QCOMPARE(target.arch, std::string("sm_120"));
        QCOMPARE(target.reason, std::string("--arch"));
    }

    void aMeasuringGpuCompilesForItselfOverTheSpecsArch()
    {
        CompileTargetInputs inputs = hopperMachine();
        inputs.measuring = true;
        const CompileTarget target = chooseCompileTarget(inputs);
        QCOMPARE(target.arch, std::string("sm_90"));
        QCOMPARE(target.reason, std::string("the GPU's: NVIDIA H100"));
    }

    void compileOnlyWorkTakesTheSpecsArchOverAPresentGpu()
    {
        const CompileTarget target = chooseCompileTarget(hopperMachine());
        QCOMPARE(target.arch, std::string("sm_80"));
        QCOMPARE(target.reason, std::string("the spec's kernel.arch"));
    }

    void aGpuThatDoesNotMeasureIsUsedWhenTheSpecNamesNone()
    {
        CompileTargetInputs inputs = hopperMachine();
        inputs.specArch.clear();
        QCOMPARE(chooseCompileTarget(inputs).arch, std::string("sm_90"));
    }

    void withNothingToGoOnTheDefaultSaysWhy()
    {
        CompileTargetInputs inputs;
        inputs.noGpuReason = "no CUDA driver found";
        const CompileTarget target = chooseCompileTarget(inputs);
        QCOMPARE(target.arch, std::string(kDefaultCompileArch));
        QCOMPARE(target.reason, std::string("the default, no GPU here: no CUDA driver found"));
    }
};

QTEST_GUILESS_MAIN(TestCompileTarget)
#include "tst_compiletarget.moc"
