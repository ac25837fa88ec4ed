#include "launchsnapshot.h"

#include "capture/kernelsignature.h"
#include "capture/npywriter.h"

#include <algorithm>
#include <cstring>
#include <iomanip>
#include <sstream>

namespace tb {

namespace {

std::string hexOf(const void *bytes, std::size_t size)
{
    std::ostringstream text;
    const auto *data = static_cast<const unsigned char *>(bytes);
    for (std::size_t i = 0; i < size; ++i)
        text << std::hex << std::setw(2) << std::setfill('0') << unsigned(data[i]);
    return text.str();
}

// A scalar's value, for the types whose size matches the parameter's.
std::optional<double> scalarValue(ElementType type, const void *bytes, std::size_t size)
{
    if (size != elementSize(type))
        return std::nullopt;
    const auto read = [bytes]<typename T>(T) {
        T value;
        std::memcpy(&value, bytes, sizeof value);
        return static_cast<double>(value);
    };
    switch (type) {
    case ElementType::Int8:
        return read(std::int8_t{});
    case ElementType::Int16:
        return read(std::int16_t{});
    case ElementType::Int32:
        return read(std::int32_t{});
    case ElementType::Int64:
        return read(std::int64_t{});
    case ElementType::UInt8:
        return read(std::uint8_t{});
    case ElementType::UInt16:
        return read(std::uint16_t{});
    case ElementType::UInt32:
        return read(std::uint32_t{});
    case ElementType::UInt64:
        return read(std::uint64_t{});
    case ElementType::Float32:
        return read(float{});
    case ElementType::Float64:
        return read(double{});
    default:
        return std::nullopt; // 16- and 8-bit reals: their bytes are in `hex`
    }
}

std::string errorName(CUresult code)
{
    const char *name = nullptr;
    cuGetErrorName(code, &name);
    return name ? name : "CUDA error " + std::to_string(int(code));
}

// The launch's function in this context. Since CUDA 12 the runtime loads modules context-free
// (cuLibrary) and launches a CUkernel in the CUfunction's place, which the function queries
// refuse: its function in the current context answers them.
CUfunction functionInContext(CUfunction function)
{
    std::size_t offset = 0;
    std::size_t size = 0;
    const CUresult asFunction = cuFuncGetParamInfo(function, 0, &offset, &size);
    if (asFunction == CUDA_SUCCESS || asFunction == CUDA_ERROR_INVALID_VALUE)
        return function; // a function (INVALID_VALUE: one without parameters)
    CUfunction inContext = nullptr;
    if (cuKernelGetFunction(&inContext, reinterpret_cast<CUkernel>(function)) == CUDA_SUCCESS)
        return inContext;
    return function;
}

} // namespace

LaunchSnapshot::LaunchSnapshot(const CaptureSettings &settings, const ModuleRegistry &modules,
                               std::string folder, std::string mangled, std::string demangled)
    : m_settings(settings), m_modules(modules), m_folder(std::move(folder))
{
    m_launch.mangled = std::move(mangled);
    m_launch.kernel = std::move(demangled);
}

void LaunchSnapshot::note(const std::string &text)
{
    m_messages.push_back(m_launch.kernel + ": " + text);
}

std::vector<std::pair<const void *, std::size_t>>
LaunchSnapshot::parameterBytes(const LaunchCall &call)
{
    std::vector<std::pair<const void *, std::size_t>> parameters;
    const char *buffer = nullptr;
    std::size_t bufferSize = 0;
    for (void **entry = call.extra; entry && *entry != CU_LAUNCH_PARAM_END; entry += 2) {
        if (*entry == CU_LAUNCH_PARAM_BUFFER_POINTER)
            buffer = static_cast<const char *>(entry[1]);
        else if (*entry == CU_LAUNCH_PARAM_BUFFER_SIZE)
            bufferSize = *static_cast<const std::size_t *>(entry[1]);
    }
    for (std::size_t i = 0;; ++i) {
        std::size_t offset = 0;
        std::size_t size = 0;
        if (const CUresult asked = cuFuncGetParamInfo(call.function, i, &offset, &size);
            asked != CUDA_SUCCESS) {
            if (asked != CUDA_ERROR_INVALID_VALUE) // past the last parameter
                note("the driver does not say its parameters (" + errorName(asked) + ")");
            break;
        }
        if (call.kernelParams)
            parameters.emplace_back(call.kernelParams[i], size);
        else if (buffer && offset + size <= bufferSize)
            parameters.emplace_back(buffer + offset, size);
        else
            parameters.emplace_back(nullptr, size);
    }
    return parameters;
}

void LaunchSnapshot::before(const LaunchCall &given)
{
    LaunchCall call = given;
    call.function = functionInContext(given.function);
    m_launch.grid = call.grid;
    m_launch.block = call.block;
    m_launch.dynamicSharedBytes = call.dynamicSharedBytes;
    if (const CUresult synced = cuCtxSynchronize(); synced != CUDA_SUCCESS)
        note("the GPU failed before the launch (" + errorName(synced) + ")");
    const KernelSignature signature = parseKernelSignature(m_launch.kernel);
    const auto parameters = parameterBytes(call);
    if (signature.known && signature.parameters.size() != parameters.size())
        note("its name lists " + std::to_string(signature.parameters.size()) +
             " parameters, the driver " + std::to_string(parameters.size()));
    for (std::size_t i = 0; i < parameters.size(); ++i) {
        const bool named = signature.known && i < signature.parameters.size();
        recordArgument(static_cast<int>(i), parameters[i].first, parameters[i].second,
                       named ? &signature.parameters[i] : nullptr);
    }
    if (const auto module = m_modules.moduleOf(m_launch.mangled)) {
        m_launch.module = module->file;
        recordGlobals(call.function, module->symbols.variables);
    }
}

void LaunchSnapshot::recordArgument(int index, const void *bytes, std::size_t size,
                                    const ParameterSignature *signature)
{
    CapturedArgument argument;
    argument.index = index;
    argument.bytes = size;
    if (signature)
        argument.type = signature->element;
    if (!bytes) {
        note("argument " + std::to_string(index) + "'s bytes could not be read");
        m_launch.arguments.push_back(argument);
        return;
    }
    argument.hex = hexOf(bytes, size);
    // A pointer by its signature; without one (extern "C"), any 8 bytes that are an address.
    const bool mayPoint = signature ? signature->pointer : size == sizeof(CUdeviceptr);
    if (mayPoint) {
        CUdeviceptr address = 0;
        std::memcpy(&address, bytes, sizeof address);
        argument.kind = CapturedArgument::Kind::Pointer;
        if (recordPointer(argument, address) || (signature && signature->pointer)) {
            argument.hex.clear();
            m_launch.arguments.push_back(argument);
            return;
        }
        argument.kind = CapturedArgument::Kind::Scalar; // 8 bytes that point nowhere
    }
    if (argument.type)
        argument.value = scalarValue(*argument.type, bytes, size);
    m_launch.arguments.push_back(argument);
}

bool LaunchSnapshot::recordPointer(CapturedArgument &argument, CUdeviceptr address)
{
    CUdeviceptr start = 0;
    std::size_t rangeSize = 0;
    if (address == 0 ||
        cuPointerGetAttribute(&start, CU_POINTER_ATTRIBUTE_RANGE_START_ADDR, address) !=
            CUDA_SUCCESS ||
        cuPointerGetAttribute(&rangeSize, CU_POINTER_ATTRIBUTE_RANGE_SIZE, address) !=
            CUDA_SUCCESS ||
        address < start || address >= start + rangeSize)
        return false;
    argument.allocationBytes = rangeSize;
    argument.offsetBytes = address - start;
    std::uint64_t bytes = start + rangeSize - address;
    if (bytes > m_settings.maxBytesPerPointer) {
        note("argument " + std::to_string(argument.index) + " points " + std::to_string(bytes) +
             " bytes before its allocation's end: saved the first " +
             std::to_string(m_settings.maxBytesPerPointer) + " (--max-bytes)");
        bytes = m_settings.maxBytesPerPointer;
    }
    std::vector<std::byte> memory(bytes);
    if (const CUresult copied = cuMemcpyDtoH(memory.data(), address, bytes);
        copied != CUDA_SUCCESS) {
        note("argument " + std::to_string(argument.index) + "'s memory could not be read (" +
             errorName(copied) + ")");
        return true;
    }
    argument.before =
        save("arg-" + std::to_string(argument.index) + ".before", argument.type, memory);
    m_pointers.push_back({m_launch.arguments.size(), address, std::move(memory)});
    return true;
}

void LaunchSnapshot::recordGlobals(CUfunction function,
                                   const std::vector<ModuleVariable> &variables)
{
    CUmodule handle = nullptr;
    if (cuFuncGetModule(&handle, function) != CUDA_SUCCESS)
        return;
    for (const ModuleVariable &variable : variables) {
        CUdeviceptr address = 0;
        std::size_t bytes = 0;
        if (cuModuleGetGlobal(&address, &bytes, handle, variable.name.c_str()) != CUDA_SUCCESS)
            continue; // a variable of the image the driver does not export (a local)
        std::vector<std::byte> memory(bytes);
        if (cuMemcpyDtoH(memory.data(), address, bytes) != CUDA_SUCCESS) {
            note("the module variable " + variable.name + " could not be read");
            continue;
        }
        CapturedGlobal global;
        global.name = variable.name;
        global.bytes = bytes;
        global.before = save("global-" + variable.name, std::nullopt, memory);
        m_launch.globals.push_back(global);
    }
}

void LaunchSnapshot::after(bool launched)
{
    if (!launched) {
        note("the launch failed: no output was taken");
        return;
    }
    if (const CUresult synced = cuCtxSynchronize(); synced != CUDA_SUCCESS) {
        note("the kernel failed (" + errorName(synced) + "): no output was taken");
        return;
    }
    for (PointerMemory &pointer : m_pointers) {
        CapturedArgument &argument = m_launch.arguments[pointer.argument];
        std::vector<std::byte> memory(pointer.before.size());
        if (cuMemcpyDtoH(memory.data(), pointer.address, memory.size()) != CUDA_SUCCESS) {
            note("argument " + std::to_string(argument.index) + " could not be read after");
            continue;
        }
        argument.written = memory != pointer.before;
        argument.after =
            save("arg-" + std::to_string(argument.index) + ".after", argument.type, memory);
        pointer.before = {}; // its memory back to the application
    }
}

std::string LaunchSnapshot::save(const std::string &stem, std::optional<ElementType> type,
                                 const std::vector<std::byte> &bytes)
{
    const std::filesystem::path root(m_settings.directory);
    std::error_code error;
    std::filesystem::create_directories(root / m_folder, error);
    auto written = writeCapturedData(root / m_folder / stem, type, bytes.data(), bytes.size());
    if (!written) {
        note(written.error().message);
        return {};
    }
    return m_folder + "/" + written->filename().string();
}

} // namespace tb
