/* --raster auto's device-class rule (src/passes/raster.c lc_raster_auto_for): the compute
 * raster on discrete GPUs (measured the faster there), the hardware on CPU devices (lavapipe,
 * where it is the faster from 720p up) and on the unmeasured integrated and virtual GPUs. The
 * missing-feature fallback (LC_DEVICE_HIDE=int64) is tests/test_raster.sh's. */
#include "passes/passes.h"
#include "passes/passes.h"
#include "test_util.h"

int main(void)
{
    CHECK(lc_raster_auto_for(VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU) == LC_RASTERIZER_COMPUTE);
    CHECK(lc_raster_auto_for(VK_PHYSICAL_DEVICE_TYPE_CPU) == LC_RASTERIZER_HARDWARE);
    CHECK(lc_raster_auto_for(VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU) == LC_RASTERIZER_HARDWARE);
    CHECK(lc_raster_auto_for(VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU) == LC_RASTERIZER_HARDWARE);
    CHECK(lc_raster_auto_for(VK_PHYSICAL_DEVICE_TYPE_OTHER) == LC_RASTERIZER_HARDWARE);
    return lc_test_finish("test_raster_auto");
}
