#include "cudamodule.h"

#include "cudadriver.h"

#include <utility>

namespace tb {

namespace {

constexpr std::uint64_t kDefaultSharedLimit = 48 * 1024;

CudaStatus asCompileError(CudaStatus status)
{
    if (status.ok() || status.failure().breaksContext)
        return status;
    CudaFailure failure = status.failure();
    failure.status = ResultStatus::CompileError;
    return failure;
}

} // namespace

CudaStatus CudaModule::load(const CudaDriver &driver, const std::vector<char> &image,
                            const std::string &loweredName, CudaModule &module)
{
    module.unload();
    module.m_driver = &driver;
    if (image.empty())
        return CudaFailure{ResultStatus::CompileError, "the cubin is empty", false};
    CUmodule handle = nullptr;
    if (CudaStatus loaded =
            driver.check(driver.moduleLoadData(&handle, image.data()), "cuModuleLoadData");
        !loaded)
        return asCompileError(loaded);
    module.m_module = handle;
    CUfunction function = nullptr;
    if (CudaStatus found =
            driver.check(driver.moduleGetFunction(&function, handle, loweredName.c_str()),
                         "cuModuleGetFunction(" + loweredName + ")");
        !found)
        return asCompileError(found);
    module.m_function = function;
    return {};
}

CudaModule::CudaModule(CudaModule &&other) noexcept
    : m_driver(other.m_driver), m_module(std::exchange(other.m_module, nullptr)),
      m_function(std::exchange(other.m_function, nullptr))
{}

CudaModule &CudaModule::operator=(CudaModule &&other) noexcept
{
    if (this != &other) {
        unload();
        m_driver = other.m_driver;
        m_module = std::exchange(other.m_module, nullptr);
        m_function = std::exchange(other.m_function, nullptr);
    }
    return *this;
}

CudaModule::~CudaModule()
{
    unload();
}

void CudaModule::unload()
{
    if (m_module)
        m_driver->moduleUnload(m_module);
    m_module = nullptr;
    m_function = nullptr;
}

CudaStatus CudaModule::global(const std::string &name, CUdeviceptr &pointer,
                              std::size_t &bytes) const
{
    return m_driver->check(m_driver->moduleGetGlobal(&pointer, &bytes, m_module, name.c_str()),
                           "cuModuleGetGlobal(" + name + ")");
}

CudaStatus CudaModule::attributes(CudaFunctionAttributes &attributes) const
{
    const std::pair<CUfunction_attribute, int *> wanted[] = {
        {CU_FUNC_ATTRIBUTE_NUM_REGS, &attributes.registers},
        {CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, &attributes.staticSharedBytes},
        {CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, &attributes.localBytes},
        {CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES, &attributes.constantBytes},
        {CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, &attributes.maxThreadsPerBlock},
    };
    for (const auto &[attribute, field] : wanted)
        if (CudaStatus read = m_driver->check(
                m_driver->funcGetAttribute(field, attribute, m_function), "cuFuncGetAttribute");
            !read)
            return read;
    return {};
}

CudaStatus CudaModule::allowDynamicShared(std::uint64_t bytes) const
{
    if (bytes <= kDefaultSharedLimit)
        return {};
    return optIn(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, static_cast<int>(bytes),
                 "opting in to " + std::to_string(bytes) + " bytes of dynamic shared memory");
}

CudaStatus CudaModule::allowClusterSize(int blocks) const
{
    if (blocks != 16)
        return {};
    return optIn(CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1,
                 "allowing a cluster of 16 blocks");
}

CudaStatus CudaModule::optIn(CUfunction_attribute attribute, int value,
                             const std::string &what) const
{
    CudaStatus set =
        m_driver->check(m_driver->funcSetAttribute(m_function, attribute, value), what);
    if (set.ok() || set.failure().breaksContext)
        return set;
    CudaFailure failure = set.failure();
    failure.status = ResultStatus::InvalidLaunch;
    return failure;
}

} // namespace tb
