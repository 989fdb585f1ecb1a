// Siconos numerics on the shared problems (C, Release, OpenBLAS, this machine kind, from r = 0):
// NSGS at tolerance 1e-8 with a cap of 10000 iterations, and the fastest of nine Siconos solvers
// to reach 1e-8. Source: the table in the developers' problem folder README (Siconos test data).
export const SICONOS_NSGS_1E8 = {
  'FrictionContact3D_1c.dat': { iterations: 2, ms: 0.079, solved: true, best: ['VI_FPP', 0.052] },
  'FC3D_Example1_SBM.dat': { iterations: 2, ms: 0.062, solved: true, best: ['DSFP', 0.048] },
  'Rover4516.dat': { iterations: 15, ms: 0.09, solved: true, best: ['VI_EG', 0.081] },
  'Rover1040.dat': { iterations: 21, ms: 0.266, solved: true, best: ['VI_EG', 0.148] },
  'OneObject-i1028-138.hdf5.dat': { iterations: 1100, ms: 5.543, solved: true, best: ['NSN_FB', 1.379] },
  'BoxesStack1-i100000-32.hdf5.dat': { iterations: 10000, ms: 154.426, solved: false, best: ['ADMM', 13.905] },
  'LMGC_100_PR_PerioBox-i00361-60-03000.hdf5': { iterations: 766, ms: 1889.45, solved: true, best: ['TFP', 55.542] },
  'Box_Stacks-i0122-82-5.hdf5': { iterations: 33, ms: 1.22, solved: true, best: ['ADMM', 0.665] },
  'Capsules-i101-404.dat': { iterations: 10000, ms: 370.287, solved: true, best: ['PROX', 18.93] },
  'Capsules-i125-1213.hdf5': { iterations: 2716, ms: 139.773, solved: true, best: ['ADMM', 68.871] },
};
