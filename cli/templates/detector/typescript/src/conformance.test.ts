import { detectorSuite } from '@moreau/conformance';
import plugin from './index.js';

// The suite generates pairs and small scenes of the shapes the manifest declares (supports.shapes)
// and checks every contact against geometry it computes itself.
detectorSuite(plugin);
// Each option set is a variant of its own: detectorSuite(plugin, { options: { margin: 0.01 } });
