/* Breadth-first search, one launch per level over a frontier: node v has
 * DEG out-edges col[v*DEG .. v*DEG+DEG-1]; nodes of the current level claim
 * unvisited neighbours with atomic_cmpxchg, and each level records whether
 * it found anything. */
#define DEG 4

__kernel void bfs_init(__global int *dist, int source)
{
  size_t v = get_global_id(0);
  dist[v] = (int)v == source ? 0 : -1;
}

__kernel void bfs_step(__global const int *col, __global int *dist, __global int *found, int nodes, int level)
{
  size_t v = get_global_id(0);
  if (v >= (size_t)nodes || dist[v] != level) return;
  for (int k = 0; k < DEG; k++) {
    int u = col[v * DEG + k];
    if (atomic_cmpxchg(&dist[u], -1, level + 1) == -1) atomic_or(&found[level], 1);
  }
}
